ID = "telegram-split-count"
TITLE = "Telegram Split Count"
FUNC = "countSplits"
SIGNATURE = "def countSplits(self, s: str, words: List[str]) -> int:"

BODY = r"""
An old telegram arrived with all of its spaces lost: it is now the single string s. You also have a codebook, the list words. A reading of the telegram is a way to cut s into one or more consecutive non-empty pieces such that every piece is equal to some word of the codebook. A word may be used any number of times in a reading, or not at all.

Two readings are different when they cut s at different positions, that is, when their sequences of pieces are different. The codebook may list the same word more than once; this does not create additional readings.

Return the number of different readings of s. Since the answer may be very large, return it modulo 10^9 + 7.
"""

EXPLAIN = [
    "The 3 readings are no|where|man, now|here|man and now|her|e|man.",
    "The only reading is ab|ab. The word \"ab\" is listed twice but gives no extra reading, and a|ba|b is not a reading because \"b\" is not in the codebook.",
]

CONSTRAINTS = r"""
1 <= s.length <= 5000
1 <= words.length <= 1000
1 <= words[i].length <= 30
s and every words[i] consist of lowercase English letters.
"""

REF = r"""
class Solution:
    def countSplits(self, s: str, words: List[str]) -> int:
        MOD = 10**9 + 7
        book = set(words)
        lengths = sorted({len(w) for w in book})
        n = len(s)
        ways = [0] * (n + 1)
        ways[0] = 1
        for i in range(1, n + 1):
            total = 0
            for L in lengths:
                if L > i:
                    break
                if ways[i - L] and s[i - L:i] in book:
                    total += ways[i - L]
            ways[i] = total % MOD
        return ways[n]
"""

BRUTE = r"""
class Solution:
    def countSplits(self, s: str, words: List[str]) -> int:
        n = len(s)
        count = 0
        # every subset of the n - 1 gaps between letters is a candidate set of cuts
        for mask in range(1 << (n - 1)):
            pieces, start = [], 0
            for g in range(n - 1):
                if mask >> g & 1:
                    pieces.append(s[start:g + 1])
                    start = g + 1
            pieces.append(s[start:])
            if all(p in words for p in pieces):
                count += 1
        return count % (10**9 + 7)
"""


def small(rng):
    alpha = rng.choice(["a", "ab", "abc"])
    n = rng.randint(1, 12)
    s = "".join(rng.choice(alpha) for _ in range(n))
    words = ["".join(rng.choice(alpha) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.3:
        words.append(rng.choice(words))
    if rng.random() < 0.3:
        i = rng.randrange(n)
        words.append(s[i:i + rng.randint(1, 3)])
    return [s, words]


def public():
    return [
        ["nowhereman", ["no", "now", "here", "where", "man", "her", "e"]],
        ["abab", ["ab", "ab", "ba", "a"]],
    ]


def private(rng):
    tests = [
        ["a", ["a"]],
        ["a", ["b", "aa"]],
        ["aaaa", ["a", "aa", "a"]],
        ["abcabcabd", ["abc", "ab", "c", "a", "bc"]],
    ]
    tests.append(["a" * 5000, ["a" * L for L in range(1, 31)]])
    tests.append(["ab" * 2500, ["ab", "a", "b", "ba", "bab", "aba", "abab"] + ["ab" * 15, "ba" * 15]])
    tests.append(["a" * 4999 + "b", ["a" * L for L in range(1, 31)] * 3])
    tests.append(["a" * 3000, ["aa", "a", "aaa", "a", "aa", "aaaaa"]])
    alpha = "xy"
    s = "".join(rng.choice(alpha) for _ in range(5000))
    words = sorted({"".join(rng.choice(alpha) for _ in range(rng.randint(1, 6))) for _ in range(60)})
    tests.append([s, words])
    return tests


def valid(inp):
    s, words = inp
    assert 1 <= len(s) <= 5000 and s.isascii() and s.isalpha() and s.islower()
    assert 1 <= len(words) <= 1000
    assert all(1 <= len(w) <= 30 and w.isascii() and w.isalpha() and w.islower() for w in words)
