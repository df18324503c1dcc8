# Tier A: one twist.
ID = "differences-with-overhang"
TITLE = "Character Differences With Overhang"
FUNC = "countDifferences"
SIGNATURE = "def countDifferences(self, a: str, b: str) -> int:"

BODY = r"""
You are given two strings a and b.

Compare them position by position: for every index i smaller than the length of the shorter string, count 1 if a[i] != b[i]. In addition, every character of the longer string beyond the length of the shorter one counts as 1 difference. Return the total count.
"""

EXPLAIN = [
    "Of the first 4 positions only position 2 differs ('c' and 'x'); the 2 extra characters 'e' and 'f' of a add 2, for 3 in all.",
    "The strings are equal.",
]

CONSTRAINTS = r"""
1 <= a.length, b.length <= 100
a and b consist of lowercase English letters.
"""

REF = r"""
class Solution:
    def countDifferences(self, a: str, b: str) -> int:
        m = min(len(a), len(b))
        diff = sum(1 for i in range(m) if a[i] != b[i])
        return diff + abs(len(a) - len(b))
"""

BRUTE = r"""
class Solution:
    def countDifferences(self, a: str, b: str) -> int:
        n = max(len(a), len(b))
        x = a + "#" * (n - len(a))
        y = b + "#" * (n - len(b))
        return sum(1 for i in range(n) if x[i] != y[i])
"""


def rand(rng, alpha, lo, hi):
    return "".join(rng.choice(alpha) for _ in range(rng.randint(lo, hi)))


def small(rng):
    alpha = rng.choice(["a", "ab", "abc"])
    return [rand(rng, alpha, 1, 6), rand(rng, alpha, 1, 6)]


def public():
    return [["abcdef", "abxd"], ["same", "same"]]


def private(rng):
    return [
        ["a", "a"],
        ["a", "b"],
        ["a", "aaaa"],
        ["zzzz", "z"],
        ["abc", "xyz"],
        ["ab", "ba"],
        [rand(rng, "ab", 100, 100), rand(rng, "ab", 100, 100)],
        [rand(rng, "abc", 30, 60), rand(rng, "abc", 70, 100)],
    ]


def valid(inp):
    import re
    a, b = inp
    assert re.fullmatch(r"[a-z]{1,100}", a) and re.fullmatch(r"[a-z]{1,100}", b)
