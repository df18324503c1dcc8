ID = "street-lamp-cover"
TITLE = "Street Lamp Cover"
PLATFORM = "atcoder"

BODY = r"""
A street is divided into M cells, numbered 1 to M from west to east. There are N lamps; when lamp i is switched on, it lights every cell with a number from L_i to R_i, inclusive. A lamp may also light positions beyond the east end of the street (R_i may exceed M); only cells 1 to M matter. Several lamps may light exactly the same cells.

The town wants every one of the cells 1, 2, \ldots, M to be lit by at least one switched-on lamp. Note that a lamp lighting cells 1 to 3 and a lamp lighting cells 4 to 6 together light all of the cells 1 to 6.

Print the minimum number of lamps that must be switched on. If it is impossible even with all lamps switched on, print -1.

Input

The input is given from Standard Input in the following format:
N M
L_1 R_1
L_2 R_2
\vdots
L_N R_N

Output

Print the minimum number of lamps, or -1 if cells 1 to M cannot all be lit.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq M \leq 10^9
- 1 \leq L_i \leq R_i \leq 2 \times 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Lamps 1, 3 and 4 light cells 1-4, 3-7 and 8-10, which together are every cell 1 to 10. No two lamps suffice: only lamp 4 lights cell 10, and no lamp lights both cell 1 and cell 7.",
    "No lamp lights cell 5, so the answer is -1.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    lamps = sorted((int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n))
    covered = 0
    used = 0
    p = 0
    while covered < m:
        best = covered
        while p < n and lamps[p][0] <= covered + 1:
            if lamps[p][1] > best:
                best = lamps[p][1]
            p += 1
        if best == covered:
            print(-1)
            return
        used += 1
        covered = best
    print(used)

main()
"""

BRUTE = r"""
import itertools
n, m = map(int, input().split())
lamps = [tuple(map(int, input().split())) for _ in range(n)]
need = set(range(1, m + 1))
ans = -1
for size in range(1, n + 1):
    for combo in itertools.combinations(lamps, size):
        lit = set()
        for a, b in combo:
            lit.update(range(a, b + 1))
        if need <= lit:
            ans = size
            break
    if ans != -1:
        break
print(ans)
"""


def fmt(lamps, m):
    return f"{len(lamps)} {m}\n" + "".join(f"{a} {b}\n" for a, b in lamps)


def small(rng):
    n = rng.randint(1, 8)
    m = rng.randint(1, 14)
    lamps = []
    for _ in range(n):
        a = rng.randint(1, m + 1)
        b = rng.randint(a, min(a + rng.choice([0, 2, 5, 14]), m + 3))
        lamps.append((a, b))
    return fmt(lamps, m)


def public():
    return [
        fmt([(1, 4), (2, 5), (3, 7), (8, 10), (6, 9)], 10),
        fmt([(1, 4), (6, 8), (2, 3)], 8),
    ]


def private(rng):
    m_big = 10**6
    big = []
    covered = 0
    while covered < m_big:
        a = rng.randint(max(1, covered - 300), covered + 1)
        b = covered + rng.randint(1, 600)
        big.append((a, b))
        covered = b
    while len(big) < 4600:
        a = rng.randint(1, m_big)
        big.append((a, a + rng.randint(0, 600)))
    rng.shuffle(big)
    chain = [(1 + 3 * i, 3 + 3 * i) for i in range(1000)]
    rng.shuffle(chain)
    return [
        fmt([(1, 1)], 1),
        fmt([(2, 10**9)], 10**9),
        fmt([(1, 2 * 10**9)], 10**9),
        fmt([(1, 5), (1, 5), (6, 6), (6, 7)], 7),
        fmt([(1, 3), (5, 9), (2, 4), (4, 4)], 9),
        fmt([(3, 6), (1, 2), (7, 9), (1, 6), (5, 12), (10, 10)], 11),
        fmt(chain, 3000),
        fmt([(1, 2999)] + chain, 3000),
        fmt([c for c in chain if c != (1501, 1503)], 3000),
        fmt(big, m_big),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 1 <= n <= 2 * 10**5 and 1 <= m <= 10**9
    assert len(lines) == n + 2 and lines[-1] == ""
    for line in lines[1:n + 1]:
        a, b = map(int, line.split())
        assert 1 <= a <= b <= 2 * 10**9
