ID = "packed-banner-letter"
TITLE = "Packed Banner Letter"
FUNC = "letterAt"
SIGNATURE = "def letterAt(self, packed: str, k: int) -> str:"

BODY = r"""
A banner text is stored in packed form. The packed string is a sequence of lowercase letters, and each letter may be followed by a count: a positive integer written in decimal without leading zeros. A letter followed by a count c stands for c copies of that letter; a letter without a count stands for one copy. The banner is the concatenation of these pieces in order, so "ab3c" is the banner "abbbc" and "z12" is twelve 'z's.

Return the k-th letter of the banner (counting from 1) as a one-character string, or the empty string "" if the banner has fewer than k letters.
"""

EXPLAIN = [
    "The banner is \"aaabcccccccccccc\" (3 a's, one b, 12 c's); its 5th letter is 'c'.",
    "The banner \"xyyz\" has only 4 letters.",
]

CONSTRAINTS = r"""
1 <= packed.length <= 10^5
packed consists of lowercase English letters and digits, and starts with a letter.
Every count is between 1 and 10^9 and has no leading zeros.
1 <= k <= 10^15
"""

REF = r"""
class Solution:
    def letterAt(self, packed: str, k: int) -> str:
        i, n = 0, len(packed)
        while i < n:
            letter = packed[i]
            i += 1
            j = i
            while j < n and packed[j].isdigit():
                j += 1
            count = int(packed[i:j]) if j > i else 1
            i = j
            if k <= count:
                return letter
            k -= count
        return ""
"""

BRUTE = r"""
import re
class Solution:
    def letterAt(self, packed: str, k: int) -> str:
        banner = ""
        for letter, digits in re.findall(r"([a-z])([0-9]*)", packed):
            banner += letter * (int(digits) if digits else 1)
        return banner[k - 1] if k <= len(banner) else ""
"""


def pack(pieces):
    return "".join(ch + ("" if c is None else str(c)) for ch, c in pieces)


def rand_pieces(rng, n, cmax):
    out = []
    for _ in range(n):
        ch = rng.choice("abcxyz")
        out.append((ch, None if rng.random() < 0.4 else rng.randint(1, cmax)))
    return out


def small(rng):
    pieces = rand_pieces(rng, rng.randint(1, 6), rng.choice([3, 12]))
    total = sum(1 if c is None else c for _, c in pieces)
    return [pack(pieces), rng.randint(1, total + 2)]


def public():
    return [["a3bc12", 5], ["xy2z", 5]]


def private(rng):
    many = rand_pieces(rng, 15000, 10**9)
    total = sum(1 if c is None else c for _, c in many)
    plain = "".join(rng.choice("abc") for _ in range(2 * 10**4))
    return [
        ["q", 1],
        ["q", 2],
        ["q1", 1],
        ["ab10c", 11],
        ["ab10c", 12],
        ["ab10c", 13],
        ["m1000000000n", 10**9 + 1],
        [pack(many), total],
        [pack(many), total // 2],
        [plain, 99999],
    ]


def valid(inp):
    packed, k = inp
    import re
    assert 1 <= len(packed) <= 10**5 and 1 <= k <= 10**15
    assert re.fullmatch(r"([a-z]([1-9][0-9]*)?)+", packed)
    for d in re.findall(r"[0-9]+", packed):
        assert 1 <= int(d) <= 10**9
