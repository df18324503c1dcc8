ID = "workshop-task-order"
TITLE = "Workshop Task Order"
PLATFORM = "atcoder"

BODY = r"""
A furniture workshop has N tasks numbered 1 to N, and the carpenter does them one at a time, each exactly once. The foreman has written down M rules; rule i says that task A_i must be done before task B_i (not necessarily immediately before). The same rule may be written down more than once.

An order of the tasks is a sequence P = (P_1, P_2, \ldots, P_N) that contains every task exactly once, where P_k is the task done k-th. It is valid if it keeps every rule.

The carpenter likes low task numbers: among all valid orders he picks the lexicographically smallest one. That is, an order P is preferred to an order Q if, at the first position k where they differ, P_k < Q_k.

Print the order the carpenter picks. If there is no valid order at all, print IMPOSSIBLE.

Input

The input is given from Standard Input in the following format:
N M
A_1 B_1
A_2 B_2
\vdots
A_M B_M

Output

If a valid order exists, print the chosen order P_1, P_2, \ldots, P_N on one line, separated by spaces. Otherwise, print IMPOSSIBLE.

Constraints

- 1 \leq N \leq 2000
- 0 \leq M \leq 2000
- 1 \leq A_i, B_i \leq N
- A_i \neq B_i
- All input values are integers.
"""

EXPLAIN = [
    "Task 1 cannot be first, because task 3 must come before it. Task 2 has no rule that delays it, so it comes first, then task 3, then task 1 (now allowed), then task 4, and finally task 5, which must follow task 4.",
    "Task 1 must come before task 2, task 2 before task 3, and task 3 before task 1, so no order keeps all three rules.",
]

REF = r"""
import sys
import heapq

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    after = [[] for _ in range(n + 1)]
    waiting = [0] * (n + 1)   # rules still blocking each task
    for i in range(m):
        a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        after[a].append(b)
        waiting[b] += 1
    ready = [t for t in range(1, n + 1) if waiting[t] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        t = heapq.heappop(ready)
        order.append(t)
        for u in after[t]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, u)
    if len(order) < n:
        print("IMPOSSIBLE")
    else:
        print(" ".join(map(str, order)))

main()
"""

BRUTE = r"""
import itertools

n, m = map(int, input().split())
rules = [tuple(map(int, input().split())) for _ in range(m)]
answer = "IMPOSSIBLE"
# permutations() yields the orders in lexicographic order, so the first valid one is the answer
for perm in itertools.permutations(range(1, n + 1)):
    pos = {t: k for k, t in enumerate(perm)}
    if all(pos[a] < pos[b] for a, b in rules):
        answer = " ".join(map(str, perm))
        break
print(answer)
"""


def fmt(n, rules):
    return f"{n} {len(rules)}\n" + "".join(f"{a} {b}\n" for a, b in rules)


def dag_rules(rng, n, m):
    # random rules that follow a hidden order, so that no cycle appears
    hidden = list(range(1, n + 1))
    rng.shuffle(hidden)
    out = []
    for _ in range(m):
        i, j = sorted(rng.sample(range(n), 2))
        out.append((hidden[i], hidden[j]))
    return out


def small(rng):
    n = rng.randint(1, 6)
    if n == 1:
        return fmt(1, [])
    m = rng.randint(0, 7)
    if rng.random() < 0.7:
        return fmt(n, dag_rules(rng, n, m))
    return fmt(n, [tuple(rng.sample(range(1, n + 1), 2)) for _ in range(m)])


def public():
    return [
        fmt(5, [(3, 1), (1, 4), (4, 5)]),
        fmt(3, [(1, 2), (2, 3), (3, 1)]),
    ]


def private(rng):
    # a big instance with a cycle hidden deep inside: 1700 -> 1800 -> 1900 -> 1700
    cyc = dag_rules(rng, 2000, 1997) + [(1700, 1800), (1800, 1900), (1900, 1700)]
    rng.shuffle(cyc)
    # tasks must be done in reverse order of their numbers
    rev = [(i + 1, i) for i in range(1, 2000)]
    rng.shuffle(rev)
    return [
        fmt(1, []),
        fmt(2, [(2, 1)]),
        fmt(2, [(1, 2), (2, 1)]),
        fmt(3, [(3, 1), (3, 1)]),
        fmt(6, [(6, 1), (5, 2), (4, 3)]),
        fmt(7, []),
        fmt(2000, dag_rules(rng, 2000, 2000)),
        fmt(2000, cyc),
        fmt(2000, rev),
        fmt(1500, dag_rules(rng, 1500, 300)),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 1 <= n <= 2000 and 0 <= m <= 2000
    rows = lines[1:1 + m]
    assert len(rows) == m and lines[1 + m:] == [""]
    for r in rows:
        a, b = map(int, r.split())
        assert 1 <= a <= n and 1 <= b <= n and a != b
