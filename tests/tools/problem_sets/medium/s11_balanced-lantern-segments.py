ID = "balanced-lantern-segments"
TITLE = "Balanced Lantern Segments"
PLATFORM = "atcoder"

BODY = r"""
A street is lined with N lanterns, described by a string S of length N made of uppercase English letters: the i-th character is the colour of the i-th lantern. The letters R, G and B stand for red, green and blue lanterns; every other letter stands for a lantern of some other colour.

A segment is a pair of integers (l, r) with 1 \leq l \leq r \leq N, and it consists of the lanterns l, l+1, \ldots, r. A segment is balanced if the numbers of red, green and blue lanterns in it are all equal (they may all be zero).

Print the number of balanced segments.

Input

The input is given from Standard Input in the following format:
N
S

Output

Print the number of balanced segments.

Constraints

- 1 \leq N \leq 2 \times 10^5
- S is a string of length N consisting of uppercase English letters.
- N is an integer.
"""

EXPLAIN = [
    "The balanced segments are (1, 3) = RGB, (2, 4) = GBR, (3, 5) = BRG, (3, 6) = BRGX and (6, 6) = X, where the last one holds no red, green or blue lantern.",
    "No segment holds a red, green or blue lantern, so all 6 segments are balanced.",
]

REF = r"""
def main():
    n = int(input())
    s = input().strip()
    seen = {(0, 0): 1}
    r = g = b = 0
    total = 0
    for ch in s:
        if ch == "R":
            r += 1
        elif ch == "G":
            g += 1
        elif ch == "B":
            b += 1
        key = (r - g, g - b)
        c = seen.get(key, 0)
        total += c
        seen[key] = c + 1
    print(total)

main()
"""

BRUTE = r"""
n = int(input())
s = input().strip()
cnt = 0
for l in range(n):
    for r in range(l, n):
        t = s[l:r + 1]
        if t.count("R") == t.count("G") == t.count("B"):
            cnt += 1
print(cnt)
"""


def fmt(s):
    return f"{len(s)}\n{s}\n"


def small(rng):
    n = rng.randint(1, 12)
    alpha = rng.choice(["RGB", "RGBX", "RGBXY", "RG", "RRGB", "XYZ", "RGBB"])
    return fmt("".join(rng.choice(alpha) for _ in range(n)))


def public():
    return [fmt("RGBRGX"), fmt("XYZ")]


def private(rng):
    return [
        fmt("R"),
        fmt("Q"),
        fmt("RGB"),
        fmt("RRRGGGBBB"),
        fmt("".join(rng.choice("RGB") for _ in range(20000))),
        fmt("".join(rng.choice("RGBAXYZ") for _ in range(20000))),
        fmt("A" * 5000 + "RGB" * 3000 + "BGR" * 2000),
        fmt("".join(rng.choice("RGBW") for _ in range(60))),
    ]


def valid(inp):
    head, s = inp.split("\n")[:2]
    n = int(head)
    assert 1 <= n <= 2 * 10**5 and len(s) == n
    assert all("A" <= c <= "Z" for c in s)
