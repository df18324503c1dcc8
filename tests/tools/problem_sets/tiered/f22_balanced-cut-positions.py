# Tier C: one known technique.
ID = "balanced-cut-positions"
TITLE = "Balanced Cut Positions"
FUNC = "countBalancedCuts"
SIGNATURE = "def countBalancedCuts(self, s: str) -> int:"

BODY = r"""
You are given a string s of length n consisting of the characters 'L' and 'R'.

A cut at position c (0 <= c <= n) splits s into the prefix s[0..c-1] (empty when c = 0) and the suffix s[c..n-1] (empty when c = n). The cut is balanced if the number of 'R' characters in the prefix equals the number of 'L' characters in the suffix.

Return the number of balanced cuts among the n + 1 possible positions.
"""

EXPLAIN = [
    "For c = 0 to 4 the pairs (R in prefix, L in suffix) are (0, 2), (1, 2), (1, 1), (2, 1) and (2, 0); only c = 2 is balanced.",
    "The prefix never contains an 'R' and the suffix has an 'L' for c = 0 and c = 1; only the cut at c = 2 has both counts 0.",
]

CONSTRAINTS = r"""
1 <= s.length <= 100
s[i] is 'L' or 'R'.
"""

REF = r"""
class Solution:
    def countBalancedCuts(self, s: str) -> int:
        r_left = 0
        l_right = s.count("L")
        count = 1 if r_left == l_right else 0
        for ch in s:
            if ch == "R":
                r_left += 1
            else:
                l_right -= 1
            if r_left == l_right:
                count += 1
        return count
"""

BRUTE = r"""
class Solution:
    def countBalancedCuts(self, s: str) -> int:
        return sum(1 for c in range(len(s) + 1) if s[:c].count("R") == s[c:].count("L"))
"""


def small(rng):
    return ["".join(rng.choice("LR") for _ in range(rng.randint(1, 9)))]


def public():
    return [["RLRL"], ["LL"]]


def private(rng):
    return [
        ["L"],
        ["R"],
        ["RR"],
        ["LR"],
        ["RL"],
        ["L" * 50 + "R" * 50],
        ["".join(rng.choice("LR") for _ in range(100))],
        ["".join(rng.choice("LLR") for _ in range(77))],
    ]


def valid(inp):
    import re
    (s,) = inp
    assert re.fullmatch(r"[LR]{1,100}", s)
