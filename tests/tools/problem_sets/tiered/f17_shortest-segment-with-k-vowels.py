# Tier C: one known technique.
ID = "shortest-segment-with-k-vowels"
TITLE = "Shortest Segment With K Vowels"
FUNC = "shortestWithVowels"
SIGNATURE = "def shortestWithVowels(self, s: str, k: int) -> int:"

BODY = r"""
You are given a string s of lowercase English letters and a positive integer k. The vowels are 'a', 'e', 'i', 'o' and 'u'.

Return the length of the shortest contiguous substring of s that contains at least k vowels (counting every occurrence, so "aa" contains 2 vowels). If s contains fewer than k vowels in total, return -1.
"""

EXPLAIN = [
    "\"axxeo\" (indices 2 to 6) and \"eoxxu\" (indices 5 to 9) contain 3 vowels each; no substring of length 4 or less does.",
    "s contains only 2 vowels.",
]

CONSTRAINTS = r"""
1 <= s.length <= 100
s consists of lowercase English letters.
1 <= k <= 100
"""

REF = r"""
class Solution:
    def shortestWithVowels(self, s: str, k: int) -> int:
        best = -1
        left = 0
        count = 0
        for right, ch in enumerate(s):
            if ch in "aeiou":
                count += 1
            while count >= k:
                if best == -1 or right - left + 1 < best:
                    best = right - left + 1
                if s[left] in "aeiou":
                    count -= 1
                left += 1
        return best
"""

BRUTE = r"""
class Solution:
    def shortestWithVowels(self, s: str, k: int) -> int:
        n = len(s)
        for length in range(1, n + 1):
            for i in range(n - length + 1):
                if sum(s[i:i + length].count(v) for v in "aeiou") >= k:
                    return length
        return -1
"""


def rand(rng, alpha, n):
    return "".join(rng.choice(alpha) for _ in range(n))


def small(rng):
    alpha = rng.choice(["ab", "aeb", "xyzo", "bcd", "abcdefghijklmnopqrstuvwxyz"])
    return [rand(rng, alpha, rng.randint(1, 10)), rng.randint(1, 5)]


def public():
    return [["bxaxxeoxxu", 3], ["hello", 3]]


def private(rng):
    return [
        ["a", 1],
        ["b", 1],
        ["a", 2],
        ["aeiou", 5],
        ["xaxxxxxxa", 2],
        ["zzzzzz", 1],
        [rand(rng, "abcdefghijklmnopqrstuvwxyz", 100), 4],
        [rand(rng, "bcdfa", 100), 10],
        [rand(rng, "ae", 100), 100],
    ]


def valid(inp):
    import re
    s, k = inp
    assert re.fullmatch(r"[a-z]{1,100}", s) and 1 <= k <= 100
