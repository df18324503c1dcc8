ID = "rival-banquet-tables"
TITLE = "Rival Banquet Tables"
PLATFORM = "atcoder"

BODY = r"""
N guests numbered 1 to N are invited to a banquet with two tables, the east table and the west table. Every guest must sit at exactly one of the two tables, and a table has room for any number of guests (it may also stay empty).

There are M pairs of rivals; the i-th pair is guests U_i and V_i, who must not sit at the same table.

Among all seatings that keep every pair of rivals at different tables, find the minimum possible value of |e - w|, where e and w are the numbers of guests at the east table and at the west table. If no seating keeps all rivals apart, print -1.

Input

The input is given from Standard Input in the following format:
N M
U_1 V_1
U_2 V_2
\vdots
U_M V_M

Output

Print the minimum possible value of |e - w|, or -1 if there is no valid seating.

Constraints

- 1 \leq N \leq 3000
- 0 \leq M \leq 10^4
- 1 \leq U_i < V_i \leq N
- (U_i, V_i) \neq (U_j, V_j) if i \neq j.
- All input values are integers.
"""

EXPLAIN = [
    "Guests 1, 2, 3, 4 form a chain of rivals, so one table gets \\{1, 3\\} and the other \\{2, 4\\}. Guest 5 is rival of 6 and 7, so 5 sits alone against \\{6, 7\\}. Putting \\{1, 3, 6, 7\\} at one table and \\{2, 4, 5\\} at the other gives 4 - 3 = 1; 0 is impossible because there are 7 guests.",
    "Guests 1, 2 and 3 are pairwise rivals, but there are only two tables.",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        adj[u].append(v)
        adj[v].append(u)
    color = [-1] * (n + 1)
    diffs = []
    for s in range(1, n + 1):
        if color[s] != -1:
            continue
        color[s] = 0
        cnt = [1, 0]
        q = deque([s])
        while q:
            v = q.popleft()
            for u in adj[v]:
                if color[u] == -1:
                    color[u] = color[v] ^ 1
                    cnt[color[u]] += 1
                    q.append(u)
                elif color[u] == color[v]:
                    print(-1)
                    return
        diffs.append(abs(cnt[0] - cnt[1]))
    # choose a sign for every component difference; minimise |sum|
    total = sum(diffs)
    reach = 1  # bit k set: a subset of diffs sums to k
    for d in diffs:
        reach |= reach << d
    best = total
    for k in range(total + 1):
        if reach >> k & 1:
            best = min(best, abs(total - 2 * k))
    print(best)

main()
"""

BRUTE = r"""
n, m = map(int, input().split())
pairs = [tuple(map(int, input().split())) for _ in range(m)]
best = -1
for mask in range(1 << n):
    if all((mask >> (u - 1) & 1) != (mask >> (v - 1) & 1) for u, v in pairs):
        e = bin(mask).count("1")
        diff = abs(e - (n - e))
        if best == -1 or diff < best:
            best = diff
print(best)
"""


def fmt(n, pairs):
    return f"{n} {len(pairs)}\n" + "".join(f"{u} {v}\n" for u, v in pairs)


def rand_bipartite(rng, n, m, odd_edge=False, label_offset=0):
    # random bipartite graph on n vertices; optionally one edge inside a side
    side = [rng.randint(0, 1) for _ in range(n)]
    left = [i for i in range(n) if side[i] == 0]
    right = [i for i in range(n) if side[i] == 1]
    edges = set()
    if left and right:
        for _ in range(m):
            a, b = rng.choice(left), rng.choice(right)
            edges.add((min(a, b), max(a, b)))
    if odd_edge and len(left) >= 2:
        a, b = rng.sample(left, 2)
        edges.add((min(a, b), max(a, b)))
    return [(a + 1 + label_offset, b + 1 + label_offset) for a, b in edges]


def components_graph(rng, sizes):
    # a union of random trees (bipartite), one per size, labels shuffled
    n = sum(sizes)
    label = list(range(1, n + 1))
    rng.shuffle(label)
    edges = set()
    base = 0
    for s in sizes:
        for i in range(1, s):
            j = rng.randrange(i)
            a, b = label[base + i], label[base + j]
            edges.add((min(a, b), max(a, b)))
        base += s
    edges = sorted(edges)
    rng.shuffle(edges)
    return n, edges


def small(rng):
    n = rng.randint(1, 10)
    kind = rng.random()
    if kind < 0.4:
        pairs = rand_bipartite(rng, n, rng.randint(0, 12), odd_edge=rng.random() < 0.2)
    else:
        allp = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1)]
        pairs = rng.sample(allp, rng.randint(0, min(len(allp), rng.choice([2, 5, 9]))))
    rng.shuffle(pairs)
    return fmt(n, pairs)


def public():
    return [
        fmt(7, [(1, 2), (2, 3), (3, 4), (5, 6), (5, 7)]),
        fmt(4, [(1, 2), (2, 3), (1, 3)]),
    ]


def stars(rng, leaves):
    # one star per entry (a centre and that many leaves), labels shuffled
    n = sum(k + 1 for k in leaves)
    label = list(range(1, n + 1))
    rng.shuffle(label)
    edges = []
    base = 0
    for k in leaves:
        for i in range(1, k + 1):
            a, b = label[base], label[base + i]
            edges.append((min(a, b), max(a, b)))
        base += k + 1
    rng.shuffle(edges)
    return n, edges


def _best_and_greedy(diffs):
    reach = 1
    for d in diffs:
        reach |= reach << d
    total = sum(diffs)
    best = min(abs(total - 2 * k) for k in range(total + 1) if reach >> k & 1)
    a = b = 0
    for d in sorted(diffs, reverse=True):
        if a <= b:
            a += d
        else:
            b += d
    return best, abs(a - b)


def hard_stars(rng, count, lo, hi, limit, least):
    # star leaf counts whose differences (leaves - 1) defeat the largest-first greedy
    # with an answer of at least `least` (40 small stars rarely leave more than 1)
    while True:
        leaves = [rng.randint(lo, hi) for _ in range(count)]
        if sum(k + 1 for k in leaves) > limit:
            continue
        best, greedy = _best_and_greedy([k - 1 for k in leaves])
        if best != greedy and best >= least:
            return leaves


def private(rng):
    n1, e1 = stars(rng, [4, 4, 3, 3, 3])
    n2, e2 = stars(rng, hard_stars(rng, 12, 30, 400, 3000, 2))
    n3, e3 = stars(rng, hard_stars(rng, 40, 2, 60, 3000, 1))
    n4, e4 = components_graph(rng, [rng.randint(1, 40) for _ in range(100)])
    # one big bipartite component plus a hidden odd cycle
    e5 = rand_bipartite(rng, 2000, 2600, odd_edge=True)
    rng.shuffle(e5)
    return [
        fmt(1, []),
        fmt(6, []),
        fmt(5, [(1, 2), (1, 3), (1, 4), (1, 5)]),
        fmt(6, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (1, 6)]),
        fmt(5, [(1, 2), (2, 3), (3, 4), (4, 5), (1, 5)]),
        fmt(n1, e1),
        fmt(n2, e2),
        fmt(n3, e3),
        fmt(n4, e4),
        fmt(2000, e5),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 1 <= n <= 3000 and 0 <= m <= 10**4
    rows = lines[1:1 + m]
    assert len(rows) == m and lines[1 + m:] == [""]
    seen = set()
    for r in rows:
        u, v = map(int, r.split())
        assert 1 <= u < v <= n and (u, v) not in seen
        seen.add((u, v))
