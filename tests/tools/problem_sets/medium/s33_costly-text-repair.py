ID = "costly-text-repair"
TITLE = "Costly Text Repair"
PLATFORM = "atcoder"

BODY = r"""
An old printer produced a string S, but the intended text was T. A repair technician can change S step by step using three kinds of operations:

- Insert one character (any lowercase English letter) at any position of the current string. This costs A yen.
- Delete one character of the current string. This costs B yen.
- Replace one character of the current string with a different lowercase English letter. This costs C yen.

Print the minimum total cost to turn S into exactly T. (If S and T are already equal, the cost is 0.)

Input

The input is given from Standard Input in the following format:
A B C
S
T

Output

Print the minimum total cost.

Constraints

- 1 \leq A, B, C \leq 1000
- 1 \leq |S|, |T| \leq 1000
- S and T consist of lowercase English letters.
- A, B and C are integers.
"""

EXPLAIN = [
    "Replace the `k` of `kitten` with `s` (cost 3), then the `e` with `i` (cost 3), and insert `g` at the end (cost 2): 3 + 3 + 2 = 8.",
    "A replacement costs 10, more than deleting a character and inserting another (1 + 2 = 3). So delete `a` and `b` and insert `c` and `d`: 1 + 1 + 2 + 2 = 6.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    a, b, c = int(data[0]), int(data[1]), int(data[2])
    s, t = data[3], data[4]
    m = len(t)
    # prev[j]: cost to turn the processed prefix of s into t[:j]
    prev = [j * a for j in range(m + 1)]
    for i, ch in enumerate(s, 1):
        cur = [i * b] * (m + 1)
        left = i * b
        for j in range(1, m + 1):
            diag = prev[j - 1] if t[j - 1] == ch else prev[j - 1] + c
            up = prev[j] + b
            ins = left + a
            best = diag
            if up < best:
                best = up
            if ins < best:
                best = ins
            cur[j] = best
            left = best
        prev = cur
    print(prev[m])

main()
"""

BRUTE = r"""
import itertools
a, b, c = map(int, input().split())
s = input().strip()
t = input().strip()
best = None
# An optimal repair pairs some characters of S, in order, with characters of T
# (kept or replaced); all other characters of S are deleted and of T inserted.
for k in range(0, min(len(s), len(t)) + 1):
    for ps in itertools.combinations(range(len(s)), k):
        for pt in itertools.combinations(range(len(t)), k):
            cost = (len(s) - k) * b + (len(t) - k) * a
            cost += c * sum(1 for x, y in zip(ps, pt) if s[x] != t[y])
            if best is None or cost < best:
                best = cost
print(best)
"""


def fmt(a, b, c, s, t):
    return f"{a} {b} {c}\n{s}\n{t}\n"


def small(rng):
    alpha = "abc"[:rng.randint(1, 3)]
    s = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 6)))
    t = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 6)))
    hi = rng.choice([3, 10, 1000])
    return fmt(rng.randint(1, hi), rng.randint(1, hi), rng.randint(1, hi), s, t)


def public():
    return [fmt(2, 4, 3, "kitten", "sitting"), fmt(2, 1, 10, "ab", "cd")]


def private(rng):
    def word(n, alpha):
        return "".join(rng.choice(alpha) for _ in range(n))
    base = word(1000, "abcdefghij")
    mutated = list(base)
    for _ in range(150):
        mutated[rng.randrange(len(mutated))] = rng.choice("abcdefghij")
    mutated = "".join(mutated[:400]) + word(30, "xyz") + "".join(mutated[430:])
    return [
        fmt(5, 5, 5, "same", "same"),
        fmt(1000, 1000, 1000, "a", "b"),
        fmt(1, 1000, 1000, "a", "zzzzzz"),
        fmt(7, 3, 1000, "abcdef", "fedcba"),
        fmt(3, 4, 7, "aaaaaaaaaa", "a"),
        fmt(rng.randint(1, 1000), rng.randint(1, 1000), rng.randint(1, 1000), word(60, "ab"), word(45, "ab")),
        fmt(4, 6, 9, base, mutated),
        fmt(1000, 1, 500, word(1000, "abc"), word(700, "abc")),
        fmt(2, 2, 3, word(1000, "abcdefghijklmnopqrstuvwxyz"), word(1000, "abcdefghijklmnopqrstuvwxyz")),
    ]


def valid(inp):
    lines = inp.split("\n")
    a, b, c = map(int, lines[0].split())
    s, t = lines[1], lines[2]
    assert all(1 <= x <= 1000 for x in (a, b, c))
    assert 1 <= len(s) <= 1000 and 1 <= len(t) <= 1000
    assert s.isalpha() and s.islower() and s.isascii() and t.isalpha() and t.islower() and t.isascii()
    assert inp == fmt(a, b, c, s, t)
