# Tier C: one known technique.
ID = "toggled-lamps"
TITLE = "Toggled Lamps"
PLATFORM = "atcoder"

BODY = r"""
N lamps stand in a row, numbered 1 to N; all of them are off at the start. M operations are performed in order. The i-th operation toggles every lamp numbered from L_i to R_i (both included): a lamp that is off is switched on, and a lamp that is on is switched off.

Print the state of the lamps after all the operations.

Input

The input is given from Standard Input in the following format:
N M
L_1 R_1
L_2 R_2
\vdots
L_M R_M

Output

Print a string of length N whose j-th character is 1 if lamp j is on after all the operations, and 0 if it is off.

Constraints

- 1 \leq N \leq 100
- 1 \leq M \leq 100
- 1 \leq L_i \leq R_i \leq N
- All input values are integers.
"""

EXPLAIN = [
    "After the first operation lamps 2 to 5 are on. The second turns lamps 4 and 5 off and lamp 6 on. The third toggles lamp 1 on.",
    "Both operations toggle lamps 1 to 3, so they end up off again.",
]

REF = r"""
n, m = map(int, input().split())
diff = [0] * (n + 2)
for _ in range(m):
    l, r = map(int, input().split())
    diff[l] += 1
    diff[r + 1] -= 1
out = []
cur = 0
for j in range(1, n + 1):
    cur += diff[j]
    out.append("1" if cur % 2 else "0")
print("".join(out))
"""

BRUTE = r"""
n, m = map(int, input().split())
ops = [tuple(map(int, input().split())) for _ in range(m)]
s = ""
for j in range(1, n + 1):
    hits = [1 for l, r in ops if l <= j <= r]
    s += "1" if len(hits) % 2 == 1 else "0"
print(s)
"""


def fmt(n, ops):
    return f"{n} {len(ops)}\n" + "".join(f"{l} {r}\n" for l, r in ops)


def rand_ops(rng, n, m):
    ops = []
    for _ in range(m):
        l = rng.randint(1, n)
        ops.append((l, rng.randint(l, n)))
    return ops


def small(rng):
    n = rng.randint(1, 8)
    return fmt(n, rand_ops(rng, n, rng.randint(1, 5)))


def public():
    return [fmt(6, [(2, 5), (4, 6), (1, 1)]), fmt(3, [(1, 3), (1, 3)])]


def private(rng):
    return [
        fmt(1, [(1, 1)]),
        fmt(1, [(1, 1), (1, 1)]),
        fmt(5, [(1, 5), (2, 4), (3, 3)]),
        fmt(4, [(4, 4), (1, 1)]),
        fmt(100, [(1, 100)]),
        fmt(100, [(j, j) for j in range(1, 101)]),
        fmt(100, rand_ops(rng, 100, 100)),
        fmt(30, rand_ops(rng, 30, 7)),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    n, m = map(int, lines[0].split(" "))
    assert 1 <= n <= 100 and 1 <= m <= 100 and len(lines) == m + 1
    for line in lines[1:]:
        l, r = map(int, line.split(" "))
        assert 1 <= l <= r <= n
