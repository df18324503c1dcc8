ID = "longest-calm-tape-segment"
TITLE = "Longest Calm Tape Segment"
FUNC = "longestCalmSegment"
SIGNATURE = "def longestCalmSegment(self, s: str, k: int, m: int) -> int:"

BODY = r"""
A ticker tape is printed as a string s of lowercase English letters, one letter per product code. A segment of the tape (a non-empty contiguous substring of s) is called calm when both of these hold:

- at most k different letters occur in the segment, and
- no letter occurs more than m times in the segment.

Return the length of the longest calm segment of s.
"""

EXPLAIN = [
    "\"bacab\" (length 5) uses the 3 letters a, b, c and no letter occurs more than twice. Any segment of length 6 either uses 4 letters or holds some letter three times.",
    "With k = 1 a calm segment consists of one repeated letter, at most 2 times; \"aa\" is one.",
]

CONSTRAINTS = r"""
1 <= s.length <= 10^5
s consists of lowercase English letters.
1 <= k <= 26
1 <= m <= s.length
"""

REF = r"""
class Solution:
    def longestCalmSegment(self, s: str, k: int, m: int) -> int:
        cnt = [0] * 26
        distinct = 0
        left = 0
        best = 0
        codes = [ord(c) - 97 for c in s]
        for right, c in enumerate(codes):
            if cnt[c] == 0:
                distinct += 1
            cnt[c] += 1
            while distinct > k or cnt[c] > m:
                d = codes[left]
                cnt[d] -= 1
                if cnt[d] == 0:
                    distinct -= 1
                left += 1
            if right - left + 1 > best:
                best = right - left + 1
        return best
"""

BRUTE = r"""
from collections import Counter

class Solution:
    def longestCalmSegment(self, s: str, k: int, m: int) -> int:
        best = 0
        n = len(s)
        for i in range(n):
            for j in range(i + 1, n + 1):
                c = Counter(s[i:j])
                if len(c) <= k and max(c.values()) <= m:
                    best = max(best, j - i)
        return best
"""


def small(rng):
    n = rng.randint(1, 14)
    alpha = rng.choice(["a", "ab", "abc", "abcd", "abcdef"])
    s = "".join(rng.choice(alpha) for _ in range(n))
    return [s, rng.randint(1, 5), rng.randint(1, n)]


def public():
    return [["abacabad", 3, 2], ["aaabaa", 1, 2]]


def private(rng):
    big = "".join(rng.choice("abcdefgh") for _ in range(20000))
    wide = "".join(rng.choice("abcde" * 400 + "f") for _ in range(20000))
    runs = "".join(rng.choice("xyz") * rng.randint(1, 30) for _ in range(700))[:18000]
    return [
        ["z", 1, 1],
        ["qqqqqq", 26, 6],
        ["qqqqqq", 1, 4],
        ["abcdefghijklmnopqrstuvwxyz", 26, 1],
        ["abcdefghijklmnopqrstuvwxyz", 5, 1],
        [big, 5, 300],
        [wide, 5, 1500],
        [runs, 2, 40],
    ]


def valid(inp):
    s, k, m = inp
    assert 1 <= len(s) <= 10**5 and s.isascii() and s.isalpha() and s.islower()
    assert isinstance(k, int) and isinstance(m, int)
    assert 1 <= k <= 26 and 1 <= m <= len(s)
