ID = "acrobat-tower-risk"
TITLE = "Acrobat Tower Risk"
PLATFORM = "atcoder"

BODY = r"""
A circus troupe has N acrobats; acrobat i weighs W_i and has strength S_i. For the finale all N acrobats form a single tower: they stand one on top of another in some order, with exactly one acrobat at each level.

The strain on an acrobat is the total weight of all acrobats standing above them (0 for the one at the top) minus their own strength. The strain may be negative. The risk of a tower is the largest strain over all N acrobats.

Print the smallest possible risk over all orders of the acrobats.

Input

The input is given from Standard Input in the following format:
N
W_1 S_1
W_2 S_2
\vdots
W_N S_N

Output

Print the minimum possible risk, as an integer (it may be negative).

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq W_i \leq 10^4
- 1 \leq S_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "From top to bottom put acrobat 3, then acrobat 2, then acrobat 1. The strains are 0 - 3 = -3, 3 - 5 = -2 and (3 + 2) - 3 = 2, so the risk is 2. No order does better; for example, putting acrobat 1 on top makes the acrobat below it carry at least 10.",
    "The only acrobat has nothing above, so the strain is 0 - 7 = -7.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    acro = []
    for i in range(n):
        w, s = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        acro.append((w + s, w, s))
    acro.sort()
    above = 0
    risk = None
    for _, w, s in acro:
        strain = above - s
        if risk is None or strain > risk:
            risk = strain
        above += w
    print(risk)

main()
"""

BRUTE = r"""
import itertools
n = int(input())
acro = [tuple(map(int, input().split())) for _ in range(n)]
best = None
for order in itertools.permutations(range(n)):
    above = 0
    worst = None
    for i in order:
        w, s = acro[i]
        strain = above - s
        worst = strain if worst is None else max(worst, strain)
        above += w
    best = worst if best is None else min(best, worst)
print(best)
"""


def fmt(acro):
    return f"{len(acro)}\n" + "".join(f"{w} {s}\n" for w, s in acro)


def small(rng):
    n = rng.randint(1, 7)
    wh = rng.choice([1, 3, 10, 30])
    sh = rng.choice([1, 5, 20, 100])
    return fmt([(rng.randint(1, wh), rng.randint(1, sh)) for _ in range(n)])


def public():
    return [fmt([(10, 3), (2, 5), (3, 3)]), fmt([(4, 7)])]


def private(rng):
    return [
        fmt([(10000, 1000000000)]),
        fmt([(1, 1), (1, 1)]),
        fmt([(5, 1), (1, 5), (3, 3), (4, 2)]),
        fmt([(10000, 1), (1, 10000), (10000, 10000), (1, 1)]),
        fmt([(rng.randint(1, 10**4), rng.randint(1, 10**5)) for _ in range(5000)]),
        fmt([(rng.randint(1, 10**4), rng.randint(10**8, 10**9)) for _ in range(2000)]),
        fmt([(rng.randint(1, 20), rng.randint(1, 40)) for _ in range(8)]),
        fmt([(7, 3)] * 5 + [(3, 7)] * 5),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5 and len(lines) == n + 2 and lines[-1] == ""
    for line in lines[1:n + 1]:
        w, s = map(int, line.split())
        assert 1 <= w <= 10**4 and 1 <= s <= 10**9
