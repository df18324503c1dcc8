ID = "ribbon-mirror-cut"
TITLE = "Ribbon Mirror Cut"
PLATFORM = "atcoder"

BODY = r"""
A tailor has a long ribbon with one lowercase English letter printed on each square. Reading the squares from left to right gives the string S.

A customer wants one piece of this ribbon that reads the same from left to right and from right to left, so that it looks the same in a mirror. The tailor can cut out any contiguous, non-empty part of the ribbon, and wants the piece to be as long as possible. If several pieces of the maximum length qualify, the tailor cuts the one that starts furthest to the left.

Print the length of the piece and the letters on it.

Input

The input is given from Standard Input in the following format:
S

Output

Print two lines. The first line must contain the length of the piece, and the second line the piece itself, read from left to right.

Constraints

- S is a string of lowercase English letters.
- 1 \leq |S| \leq 2000
"""

EXPLAIN = [
    "`racecar` reads the same in both directions, and no longer part of S does.",
    "The longest such pieces have length 3: `aba` (starting at the 1st square) and `cdc` (starting at the 5th square). The leftmost one is cut.",
]

REF = r"""
import sys

def main():
    s = sys.stdin.read().split()[0]
    # Manacher's algorithm on s with separators: t = "^#a#b#...#$"
    t = "^#" + "#".join(s) + "#$"
    m = len(t)
    p = [0] * m
    center = right = 0
    for i in range(1, m - 1):
        if i < right:
            p[i] = min(right - i, p[2 * center - i])
        while t[i + p[i] + 1] == t[i - p[i] - 1]:
            p[i] += 1
        if i + p[i] > right:
            center, right = i, i + p[i]
    best_len, best_start = 0, 0
    for i in range(1, m - 1):
        length = p[i]
        start = (i - length) // 2
        if length > best_len or (length == best_len and start < best_start):
            best_len, best_start = length, start
    print(best_len)
    print(s[best_start:best_start + best_len])

main()
"""

BRUTE = r"""
s = input().strip()
n = len(s)
best = ""
for i in range(n):
    for j in range(i + 1, n + 1):
        piece = s[i:j]
        if piece == piece[::-1] and len(piece) > len(best):
            best = piece
print(len(best))
print(best)
"""


def fmt(s):
    return f"{s}\n"


def small(rng):
    letters = rng.choice(["ab", "abc", "a", "abcd"])
    return fmt("".join(rng.choice(letters) for _ in range(rng.randint(1, 10))))


def public():
    return [fmt("xyracecarz"), fmt("abaxcdc")]


def private(rng):
    az = "abcdefghijklmnopqrstuvwxyz"
    half = "".join(rng.choice("ab") for _ in range(600))
    return [
        fmt("q"),
        fmt("ab"),
        fmt("zyxwvutsrqponmlkjihgfedcba"),
        fmt("abbacddc"),
        fmt("a" * 2000),
        fmt("".join(rng.choice(az) for _ in range(2000))),
        fmt("".join(rng.choice("ab") for _ in range(2000))),
        fmt("".join(rng.choice("xyz") for _ in range(799)) + half + half[::-1]),
        fmt("ab" * 1000),
        fmt("cabbad" + "e" * 5 + "fghhgf"),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert len(lines) == 2 and lines[1] == ""
    s = lines[0]
    assert 1 <= len(s) <= 2000
    assert all("a" <= c <= "z" for c in s)
