# Tier A: one twist.
ID = "same-edge-words"
TITLE = "Words Starting and Ending Alike"
FUNC = "countSameEdgeWords"
SIGNATURE = "def countSameEdgeWords(self, sentence: str) -> int:"

BODY = r"""
You are given a string sentence made of words separated by single spaces. Every word consists of uppercase and lowercase English letters.

Return the number of words whose first letter and last letter are the same letter when case is ignored (for example, "Anna" and "eye" count, and a word of one letter always counts).
"""

EXPLAIN = [
    "Anna (A and a), Bob (B and b) and level count; went does not.",
    "Neither word starts and ends with the same letter.",
]

CONSTRAINTS = r"""
1 <= sentence.length <= 200
sentence consists of English letters and spaces.
sentence does not start or end with a space, and no two spaces are adjacent.
"""

REF = r"""
class Solution:
    def countSameEdgeWords(self, sentence: str) -> int:
        return sum(1 for w in sentence.split() if w[0].lower() == w[-1].lower())
"""

BRUTE = r"""
class Solution:
    def countSameEdgeWords(self, sentence: str) -> int:
        count = 0
        for w in sentence.split(" "):
            u = w.upper()
            if u[0] == u[len(u) - 1]:
                count += 1
        return count
"""


def word(rng, alpha):
    return "".join(rng.choice(alpha) for _ in range(rng.randint(1, 6)))


def small(rng):
    alpha = rng.choice(["aA", "abAB", "abcABC", "xyzXYZq"])
    return [" ".join(word(rng, alpha) for _ in range(rng.randint(1, 6)))]


def public():
    return [["Anna went to see Bob level"], ["hello world"]]


def private(rng):
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [
        ["a"],
        ["Ab"],
        ["Aa"],
        ["I saw A ship"],
        ["Dad mom KAYAK Stats Xerox"],
        ["Alpha beta Gamma"],
        [" ".join(word(rng, "abAB") for _ in range(40))],
        [" ".join(word(rng, letters) for _ in range(30))],
    ]


def valid(inp):
    import re
    (s,) = inp
    assert 1 <= len(s) <= 200
    assert re.fullmatch(r"[A-Za-z]+( [A-Za-z]+)*", s)
