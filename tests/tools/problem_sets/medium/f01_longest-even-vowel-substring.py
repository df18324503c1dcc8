ID = "longest-even-vowel-substring"
TITLE = "Longest Even-Vowel Substring"
FUNC = "longestEvenVowels"
SIGNATURE = "def longestEvenVowels(self, s: str) -> int:"

BODY = r"""
You are given a string s of lowercase English letters.

Return the length of the longest substring of s (a contiguous, possibly empty part of it) in which each of the five vowels 'a', 'e', 'i', 'o' and 'u' occurs an even number of times. A vowel that does not occur at all occurs zero times, which is even.
"""

EXPLAIN = [
    "\"leetminicowor\" (length 13) holds e twice, i twice and o twice, and no a or u.",
    "The string has no vowels, so the whole of it counts: every vowel occurs zero times.",
]

CONSTRAINTS = r"""
1 <= s.length <= 5 * 10^4
s consists of lowercase English letters.
"""

REF = r"""
class Solution:
    def longestEvenVowels(self, s: str) -> int:
        bit = {"a": 1, "e": 2, "i": 4, "o": 8, "u": 16}
        first = {0: -1}
        mask = 0
        best = 0
        for i, ch in enumerate(s):
            mask ^= bit.get(ch, 0)
            if mask in first:
                best = max(best, i - first[mask])
            else:
                first[mask] = i
        return best
"""

BRUTE = r"""
class Solution:
    def longestEvenVowels(self, s: str) -> int:
        best = 0
        for i in range(len(s)):
            for j in range(i, len(s)):
                part = s[i:j + 1]
                if all(part.count(v) % 2 == 0 for v in "aeiou"):
                    best = max(best, j - i + 1)
        return best
"""


def small(rng):
    return ["".join(rng.choice("aeioubc") for _ in range(rng.randint(1, 12)))]


def public():
    return [["eleetminicoworoep"], ["bcbcb"]]


def private(rng):
    return [
        ["a"],
        ["aa"],
        ["aeiou"],
        ["uoieaaeiou"],
        ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(15000))],
        ["".join(rng.choice("aeiou") for _ in range(15000))],
        ["xyz" * 1000 + "a"],
        ["".join(rng.choice("aeb") for _ in range(40))],
    ]


def valid(inp):
    (s,) = inp
    assert 1 <= len(s) <= 5 * 10**4 and s.isascii() and s.isalpha() and s.islower()
