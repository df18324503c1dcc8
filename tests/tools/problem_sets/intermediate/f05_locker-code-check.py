ID = "locker-code-check"
TITLE = "Locker Code Check"
FUNC = "countValidCodes"
SIGNATURE = "def countValidCodes(self, codes: List[str]) -> int:"

BODY = r"""
A gym prints locker codes on its membership cards, but the card printer is unreliable. A code is valid when it consists of exactly these three parts, with nothing before, between or after them:

1. two or three uppercase English letters,
2. one '-' character,
3. one to four decimal digits whose first digit is not '0'.

Return how many of the strings in codes are valid.
"""

EXPLAIN = [
    "\"AB-12\", \"XYZ-9999\" and \"QQ-10\" are valid. \"ABCD-1\" has four letters, \"AB-0\" and \"AB-012\" start their number with '0', \"Ab-5\" has a lowercase letter.",
    "",
]

CONSTRAINTS = r"""
1 <= codes.length <= 1000
0 <= codes[i].length <= 12
codes[i] consists of English letters, digits and '-'.
"""

REF = r"""
class Solution:
    def countValidCodes(self, codes: List[str]) -> int:
        def ok(code):
            if code.count('-') != 1:
                return False
            letters, digits = code.split('-')
            if not (2 <= len(letters) <= 3) or not all('A' <= c <= 'Z' for c in letters):
                return False
            if not (1 <= len(digits) <= 4) or not all('0' <= c <= '9' for c in digits):
                return False
            return digits[0] != '0'
        return sum(1 for c in codes if ok(c))
"""

BRUTE = r"""
import re
class Solution:
    def countValidCodes(self, codes: List[str]) -> int:
        pattern = re.compile(r"[A-Z]{2,3}-[1-9][0-9]{0,3}")
        return sum(1 for c in codes if pattern.fullmatch(c) is not None)
"""

ALPH = "ABZabz0159-"


def near_valid(rng):
    letters = "".join(rng.choice("ABQZ") for _ in range(rng.randint(1, 4)))
    digits = "".join(rng.choice("01239") for _ in range(rng.randint(0, 5)))
    code = letters + "-" + digits
    r = rng.random()
    if r < 0.15:
        code = code.lower()
    elif r < 0.3:
        i = rng.randint(0, len(code))
        code = code[:i] + rng.choice(ALPH) + code[i:]
    return code[:12]


def rand_code(rng):
    if rng.random() < 0.6:
        return near_valid(rng)
    return "".join(rng.choice(ALPH) for _ in range(rng.randint(0, 9)))


def small(rng):
    return [[rand_code(rng) for _ in range(rng.randint(1, 6))]]


def public():
    return [[["AB-12", "ABCD-1", "XYZ-9999", "AB-0", "Ab-5", "QQ-10", "AB-012"]], [["A-1", "AB1", "AB-12345", "AB--1"]]]


def private(rng):
    return [
        [[""]],
        [["ZZ-1"]],
        [["-", "AB-", "-12", "ABC-", "AB-1-", "AB-1A"]],
        [["AAA-1000", "AAA-0000", "AA-9", "aa-9", "AA-9999", "AA-10000"]],
        [["MOVE-12", "OK-1", "HEY-7777", "HI-07", "AB-1a", "AB12-1"]],
        [[rand_code(rng) for _ in range(50)]],
        [[rand_code(rng) for _ in range(1000)]],
        [["ABC-" + str(i) for i in range(1000)]],
    ]


def valid(inp):
    (codes,) = inp
    assert 1 <= len(codes) <= 1000
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
    for c in codes:
        assert isinstance(c, str) and len(c) <= 12 and set(c) <= allowed
