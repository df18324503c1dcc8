ID = "critical-tasks"
TITLE = "Critical Tasks"
PLATFORM = "atcoder"

BODY = r"""
A project consists of N tasks numbered 1 to N. Task i takes exactly T_i days of work. There are M precedence rules; rule j says that task B_j may start only after task A_j has been completed. Any number of tasks may be worked on at the same time, work starts on day 0, and a task may start at any integer time once all tasks it must wait for are completed (a task that waits for nothing may start at time 0). The same rule may be given more than once.

The project is finished when all N tasks are completed. If the rules make it impossible to complete every task (some tasks wait for each other in a cycle), print -1.

Otherwise, let L be the minimum possible time at which the project can be finished. A task is called critical if increasing its duration T_i by one day, with every other duration unchanged, would increase L. Print L and the number of critical tasks.

Input

The input is given from Standard Input in the following format:
N M
T_1 T_2 \ldots T_N
A_1 B_1
A_2 B_2
\vdots
A_M B_M

Output

If the project cannot be completed, print -1. Otherwise print two integers separated by a space: L and the number of critical tasks.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq M \leq 2 \times 10^5
- 1 \leq T_i \leq 10^9
- 1 \leq A_j, B_j \leq N
- A_j \neq B_j
- All input values are integers.
"""

EXPLAIN = [
    "Tasks 1 \\to 2 \\to 4 take 3 + 4 + 2 = 9 days and tasks 1 \\to 3 \\to 4 take 3 + 1 + 2 = 6 days, so L = 9. Task 3 can be delayed by a day without harm, and task 5 (2 days) is independent. Tasks 1, 2 and 4 are critical.",
    "Tasks 1, 2 and 3 wait for each other in a cycle, so they can never start.",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    t = [0] + [int(x) for x in data[2:2 + n]]
    succ = [[] for _ in range(n + 1)]
    indeg = [0] * (n + 1)
    p = 2 + n
    for _ in range(m):
        a, b = int(data[p]), int(data[p + 1])
        p += 2
        succ[a].append(b)
        indeg[b] += 1
    order = []
    q = deque(v for v in range(1, n + 1) if indeg[v] == 0)
    while q:
        v = q.popleft()
        order.append(v)
        for u in succ[v]:
            indeg[u] -= 1
            if indeg[u] == 0:
                q.append(u)
    if len(order) < n:
        print(-1)
        return
    # earliest finish
    ef = [0] * (n + 1)
    start = [0] * (n + 1)
    for v in order:
        ef[v] = start[v] + t[v]
        for u in succ[v]:
            if ef[v] > start[u]:
                start[u] = ef[v]
    total = max(ef[1:])
    # latest finish that keeps the project length
    lf = [total] * (n + 1)
    for v in reversed(order):
        for u in succ[v]:
            ls = lf[u] - t[u]
            if ls < lf[v]:
                lf[v] = ls
    critical = sum(1 for v in range(1, n + 1) if lf[v] == ef[v])
    print(total, critical)

main()
"""

BRUTE = r"""
n, m = map(int, input().split())
t = list(map(int, input().split()))
rules = [tuple(map(int, input().split())) for _ in range(m)]

def length(dur):
    # relax "finish[b] >= finish[a] + dur[b]" until stable; a cycle never settles
    fin = list(dur)
    for _ in range(n + 1):
        changed = False
        for a, b in rules:
            if fin[a - 1] + dur[b - 1] > fin[b - 1]:
                fin[b - 1] = fin[a - 1] + dur[b - 1]
                changed = True
        if not changed:
            return max(fin)
    return None

base = length(t)
if base is None:
    print(-1)
else:
    cnt = 0
    for i in range(n):
        d = list(t)
        d[i] += 1
        if length(d) > base:
            cnt += 1
    print(base, cnt)
"""


def fmt(t, rules):
    return (f"{len(t)} {len(rules)}\n" + " ".join(map(str, t)) + "\n"
            + "".join(f"{a} {b}\n" for a, b in rules))


def rand_dag(rng, n, m, tmax):
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    rules = []
    for _ in range(m):
        i, j = sorted(rng.sample(range(n), 2))
        rules.append((perm[i], perm[j]))
    return [rng.randint(1, tmax) for _ in range(n)], rules, perm


def small(rng):
    n = rng.randint(1, 6)
    m = 0 if n == 1 else rng.randint(0, 8)
    t, rules, _ = rand_dag(rng, n, m, rng.choice([1, 2, 5]))
    if rules and rng.random() < 0.25:
        a, b = rules[rng.randrange(len(rules))]
        rules.append((b, a))
        rng.shuffle(rules)
    return fmt(t, rules)


def public():
    return [
        fmt([3, 4, 1, 2, 2], [(1, 2), (1, 3), (2, 4), (3, 4)]),
        fmt([1, 1, 1, 1], [(1, 2), (2, 3), (3, 1), (4, 1)]),
    ]


def private(rng):
    # a chain of 1200 one-day tasks given in reverse order, and a parallel
    # chain of 600 two-day tasks of the same total length: all are critical
    t1 = [1] * 1200 + [2] * 600
    rules1 = [(i, i + 1) for i in range(1, 1200)] + [(i, i + 1) for i in range(1201, 1800)]
    rules1.reverse()
    # random DAG with many equal durations (many tied longest paths)
    t2, rules2, _ = rand_dag(rng, 3000, 3600, 3)
    # random DAG with a path through all tasks and one rule closing a cycle over it
    t3, rules3, perm = rand_dag(rng, 700, 700, 10**9)
    rules3 += [(perm[i], perm[i + 1]) for i in range(699)] + [(perm[-1], perm[0])]
    rng.shuffle(rules3)
    big_cycle = [(i, i % 1000 + 1) for i in range(1, 1001)]
    return [
        fmt([5], []),
        fmt([7, 7], [(1, 2), (1, 2)]),
        fmt([2, 2, 2], [(1, 3), (2, 3)]),
        fmt([10**9] * 4, [(1, 2), (2, 3), (3, 4)]),
        fmt([1, 2], [(1, 2), (2, 1)]),
        fmt([4, 1, 1, 4, 1], [(1, 2), (2, 3), (4, 5)]),
        fmt(t1, rules1),
        fmt(t2, rules2),
        fmt(t3, rules3),
        fmt([1] * 1000 + [5], big_cycle),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 1 <= n <= 2 * 10**5 and 0 <= m <= 2 * 10**5
    t = list(map(int, lines[1].split()))
    assert len(t) == n and all(1 <= x <= 10**9 for x in t)
    rows = lines[2:2 + m]
    assert len(rows) == m and lines[2 + m:] == [""]
    for r in rows:
        a, b = map(int, r.split())
        assert 1 <= a <= n and 1 <= b <= n and a != b
