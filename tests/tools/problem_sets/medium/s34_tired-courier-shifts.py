ID = "tired-courier-shifts"
TITLE = "Tired Courier Shifts"
PLATFORM = "atcoder"

BODY = r"""
A courier plans the next N days, numbered 1 to N. On day i he can either work and earn A_i yen, or rest and earn nothing. He gets too tired if he works too long without a break: he must never work on more than K consecutive days. In other words, among any K + 1 consecutive days (all within days 1 to N) there must be at least one day of rest.

Print the maximum total amount he can earn over the N days.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the maximum total earnings.

Constraints

- 1 \leq K \leq N \leq 2 \times 10^5
- 0 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Resting on day 3 only splits the days into working runs of 2 and 3 days; he then earns everything except A_3 = 1, that is 20 - 1 = 19.",
    "With K = 1 he cannot work on two consecutive days. Working on days 1, 3 and 5 gives 6 + 5 + 6 = 17. Any plan that works on the best day, day 2, cannot work on days 1 and 3 and earns at most 10 + 6 = 16.",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    a = list(map(int, data[2:2 + n]))
    # Minimise the total of the rest days. Rest positions: -1 (virtual), the
    # rest days, n (virtual); consecutive rest positions are at most k + 1 apart.
    # lost[p]: least total of rest days up to p, given p is a rest position.
    vals = a + [0]
    lost = [0] * (n + 1)
    window = deque([(-1, 0)])  # (position, lost), lost increasing
    for p in range(n + 1):
        while window[0][0] < p - k - 1:
            window.popleft()
        cur = window[0][1] + vals[p]
        lost[p] = cur
        while window and window[-1][1] >= cur:
            window.pop()
        window.append((p, cur))
    print(sum(a) - lost[n])

main()
"""

BRUTE = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
best = 0
for mask in range(1 << n):
    run = 0
    ok = True
    for i in range(n):
        if mask >> i & 1:
            run += 1
            if run > k:
                ok = False
                break
        else:
            run = 0
    if ok:
        best = max(best, sum(a[i] for i in range(n) if mask >> i & 1))
print(best)
"""


def fmt(k, a):
    return f"{len(a)} {k}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 12)
    k = rng.randint(1, n)
    hi = rng.choice([0, 1, 5, 100, 10**9])
    return fmt(k, [rng.randint(0, hi) for _ in range(n)])


def public():
    return [fmt(3, [4, 5, 1, 6, 2, 2]), fmt(1, [6, 10, 5, 1, 6])]


def private(rng):
    n = 6000
    return [
        fmt(1, [7]),
        fmt(1, [0, 0, 0, 0]),
        fmt(4, [10**9] * 4),
        fmt(2, [10**9] * 7),
        fmt(3, [9, 1, 9, 9, 1, 9, 9, 9, 1, 9]),
        fmt(1, [rng.randint(0, 20) for _ in range(40)]),
        fmt(2500, [rng.randint(0, 10**5) for _ in range(n)]),
        fmt(3, [rng.randint(0, 10**5) for _ in range(n)]),
        fmt(4000, [rng.randint(0, 9) for _ in range(n)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, k = map(int, lines[0].split())
    a = list(map(int, lines[1].split()))
    assert 1 <= k <= n <= 2 * 10**5 and len(a) == n
    assert all(0 <= x <= 10**9 for x in a)
    assert inp == fmt(k, a)
