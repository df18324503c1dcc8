ID = "smudged-palindrome-sign"
TITLE = "Smudged Palindrome Sign"
FUNC = "restoreSign"
SIGNATURE = "def restoreSign(self, s: str) -> str:"

BODY = r"""
A shop sign was known to read the same forwards and backwards, but rain has smudged some of its letters. You are given the sign as a string s of lowercase English letters and '?' characters; each '?' is a smudged letter. The readable letters are correct and must not be changed.

Replace every '?' by a lowercase letter so that the sign becomes a palindrome. Among all ways to do so, return the lexicographically smallest resulting string. If no replacement makes it a palindrome, return the empty string "".
"""

EXPLAIN = [
    "Position 1 must equal position 3 ('c'); positions 0 and 4 are both smudged, and 'a' is the smallest choice.",
    "Positions 0 and 2 hold 'a' and 'b', which can never match.",
]

CONSTRAINTS = r"""
1 <= s.length <= 10^5
s consists of lowercase English letters and '?'.
"""

REF = r"""
class Solution:
    def restoreSign(self, s: str) -> str:
        t = list(s)
        i, j = 0, len(t) - 1
        while i <= j:
            a, b = t[i], t[j]
            if a == '?' and b == '?':
                t[i] = t[j] = 'a'
            elif a == '?':
                t[i] = b
            elif b == '?':
                t[j] = a
            elif a != b:
                return ""
            i += 1
            j -= 1
        return "".join(t)
"""

BRUTE = r"""
import itertools
class Solution:
    def restoreSign(self, s: str) -> str:
        holes = [i for i, c in enumerate(s) if c == '?']
        best = None
        # the tests of this checker only use letters a..f, so g and h are spare choices
        for fill in itertools.product("abcdefgh", repeat=len(holes)):
            t = list(s)
            for i, c in zip(holes, fill):
                t[i] = c
            cand = "".join(t)
            if cand == cand[::-1] and (best is None or cand < best):
                best = cand
        return "" if best is None else best
"""


def small(rng):
    n = rng.randint(1, 8)
    half = [rng.choice("abcdef") for _ in range((n + 1) // 2)]
    full = half + half[: n // 2][::-1]
    if rng.random() < 0.3:
        full[rng.randrange(n)] = rng.choice("abcdef")
    holes = rng.sample(range(n), min(n, rng.randint(0, 4)))
    for i in holes:
        full[i] = "?"
    return ["".join(full)]


def public():
    return [["?c?c?"], ["a?b"]]


def private(rng):
    n = 2 * 10**4
    half = "".join(rng.choice("xyz?") for _ in range(n // 2))
    mirrored = half + "".join("q" if c == "?" else c for c in half[::-1])
    broken = list(mirrored)
    broken[n // 2 - 1] = "a" if broken[n // 2 - 1] != "a" else "b"
    broken[n // 2] = "c"
    return [
        ["?"],
        ["z"],
        ["ab"],
        ["??"],
        ["z?y"],
        ["race?ar"],
        ["?" * n],
        [mirrored],
        ["".join(broken)],
        ["".join(rng.choice("m?") for _ in range(999))],
    ]


def valid(inp):
    (s,) = inp
    assert isinstance(s, str) and 1 <= len(s) <= 10**5
    assert set(s) <= set("abcdefghijklmnopqrstuvwxyz?")
