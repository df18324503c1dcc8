ID = "crowded-festival-time"
TITLE = "Crowded Festival Time"
PLATFORM = "atcoder"

BODY = r"""
A music festival has N performances. Performance i starts at time S_i and ends at time E_i, and while it is running it draws an audience of C_i people; precisely, it is running at every real time t with S_i \leq t < E_i. A performance that ends at time t and another that starts at time t are therefore never running at the same time.

At any time t, the attendance is the sum of C_i over all performances running at time t. The security team must be on duty whenever the attendance is at least T.

Print the total length of time during which the attendance is at least T. Print 0 if it is never at least T.

Input

The input is given from Standard Input in the following format:
N T
S_1 E_1 C_1
S_2 E_2 C_2
\vdots
S_N E_N C_N

Output

Print the total length of time during which the attendance is at least T, as an integer.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq T \leq 10^{9}
- 0 \leq S_i < E_i \leq 10^9
- 1 \leq C_i \leq 10^4
- All input values are integers.
"""

EXPLAIN = [
    "The attendance is 3 on [1, 2), 8 on [2, 4), 5 on [4, 5), 9 on [5, 6), 4 on [6, 9) and 0 elsewhere. It is at least 5 on [2, 4), [4, 5) and [5, 6): 2 + 1 + 1 = 4 time units.",
    "The two performances only touch at time 10, so the attendance never exceeds 7.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, t = int(data[0]), int(data[1])
    delta = {}
    for i in range(n):
        s, e, c = int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])
        delta[s] = delta.get(s, 0) + c
        delta[e] = delta.get(e, 0) - c
    cur = 0
    prev = None
    total = 0
    for x in sorted(delta):
        if prev is not None and cur >= t:
            total += x - prev
        cur += delta[x]
        prev = x
    print(total)

main()
"""

BRUTE = r"""
n, t = map(int, input().split())
ev = [tuple(map(int, input().split())) for _ in range(n)]
end = max(e for _, e, _ in ev)
total = 0
for u in range(end):
    att = sum(c for s, e, c in ev if s <= u < e)
    if att >= t:
        total += 1
print(total)
"""


def fmt(t, ev):
    return f"{len(ev)} {t}\n" + "".join(f"{s} {e} {c}\n" for s, e, c in ev)


def rand_ev(rng, n, hi, cmax):
    out = []
    for _ in range(n):
        s = rng.randint(0, hi - 1)
        e = rng.randint(s + 1, hi)
        out.append((s, e, rng.randint(1, cmax)))
    return out


def small(rng):
    n = rng.randint(1, 6)
    ev = rand_ev(rng, n, rng.choice([3, 8, 15]), rng.choice([1, 3, 10]))
    if rng.random() < 0.2:
        s, e, c = ev[0]
        ev.append((e, e + rng.randint(1, 3), c))
    total = sum(c for _, _, c in ev)
    t = rng.randint(1, total + 2)
    return fmt(t, ev)


def public():
    return [
        fmt(5, [(1, 4, 3), (2, 6, 5), (5, 9, 4)]),
        fmt(8, [(0, 10, 7), (10, 20, 7)]),
    ]


def private(rng):
    return [
        fmt(1, [(0, 1000000000, 1)]),
        fmt(2, [(0, 1000000000, 1)]),
        fmt(10, [(3, 5, 4), (5, 8, 6), (5, 8, 4), (8, 9, 10)]),
        fmt(3, [(0, 5, 1), (0, 5, 1), (0, 5, 1), (5, 6, 3), (2, 3, 1)]),
        fmt(7 * 10**6, rand_ev(rng, 4000, 10**6, 10**4)),
        fmt(600, [(s, s + rng.randint(1, 10**8), rng.randint(1, 20))
                 for s in (rng.randint(0, 9 * 10**8) for _ in range(1000))]),
        fmt(10**9, rand_ev(rng, 50, 100, 10**4)),
        fmt(12, rand_ev(rng, 30, 60, 5)),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, t = map(int, lines[0].split())
    assert 1 <= n <= 2 * 10**5 and 1 <= t <= 10**9
    assert len(lines) == n + 2 and lines[-1] == ""
    for line in lines[1:n + 1]:
        s, e, c = map(int, line.split())
        assert 0 <= s < e <= 10**9 and 1 <= c <= 10**4
