ID = "mail-van-distances"
TITLE = "Mail Van Distances"
PLATFORM = "atcoder"

BODY = r"""
A county has N towns numbered 1 to N and M two-way roads. Road i connects town U_i and town V_i and is C_i kilometres long. Several roads may connect the same pair of towns.

The county's only post office is in town 1. For the new delivery schedule, the post office needs to know, for every town, the length of the shortest route a mail van can drive from town 1 to that town along the roads. The shortest route from town 1 to itself has length 0. If a town cannot be reached from town 1 at all, its value is -1.

Input

The input is given from Standard Input in the following format:
N M
U_1 V_1 C_1
U_2 V_2 C_2
\vdots
U_M V_M C_M

Output

Print N integers on one line, separated by spaces. The k-th integer must be the length of the shortest route from town 1 to town k, or -1 if town k cannot be reached.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq M \leq 2 \times 10^5
- 1 \leq U_i, V_i \leq N
- U_i \neq V_i
- 1 \leq C_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The direct road to town 3 is 10 kilometres long, but the route 1 \\to 2 \\to 3 is only 2 + 3 = 5 kilometres. Town 4 is then reached through town 3 in 5 + 1 = 6 kilometres. No road leads to town 5.",
    "The second road between towns 1 and 2 is the shorter one.",
]

REF = r"""
import sys
import heapq

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    p = 2
    for _ in range(m):
        u, v, c = int(data[p]), int(data[p + 1]), int(data[p + 2])
        p += 3
        adj[u].append((v, c))
        adj[v].append((u, c))
    dist = [-1] * (n + 1)
    done = [False] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, v = heapq.heappop(heap)
        if done[v]:
            continue
        done[v] = True
        for u, c in adj[v]:
            nd = d + c
            if dist[u] == -1 or nd < dist[u]:
                dist[u] = nd
                heapq.heappush(heap, (nd, u))
    print(" ".join(map(str, dist[1:])))

main()
"""

BRUTE = r"""
n, m = map(int, input().split())
roads = [tuple(map(int, input().split())) for _ in range(m)]
INF = float("inf")
dist = [INF] * (n + 1)
dist[1] = 0
for _ in range(n):
    for u, v, c in roads:
        if dist[u] + c < dist[v]:
            dist[v] = dist[u] + c
        if dist[v] + c < dist[u]:
            dist[u] = dist[v] + c
print(" ".join(str(-1 if d == INF else d) for d in dist[1:]))
"""


def fmt(n, roads):
    return f"{n} {len(roads)}\n" + "".join(f"{u} {v} {c}\n" for u, v, c in roads)


def rand_roads(rng, n, m, cmax):
    out = []
    for _ in range(m):
        u, v = rng.sample(range(1, n + 1), 2)
        out.append((u, v, rng.randint(1, cmax)))
    return out


def small(rng):
    n = rng.randint(1, 7)
    if n == 1:
        return fmt(1, [])
    m = rng.randint(0, 10)
    return fmt(n, rand_roads(rng, n, m, rng.choice([1, 5, 30, 10**9])))


def public():
    return [
        fmt(5, [(1, 2, 2), (2, 3, 3), (1, 3, 10), (3, 4, 1), (2, 4, 7)]),
        fmt(2, [(1, 2, 8), (2, 1, 5)]),
    ]


def private(rng):
    big = 5000
    # random connected map: a random tree plus extra roads
    n1 = 5000
    tree = [(rng.randint(1, i - 1), i, rng.randint(1, 10**9)) for i in range(2, n1 + 1)]
    tree += rand_roads(rng, n1, 5000, 10**9)
    rng.shuffle(tree)
    # a line of very long roads, with short roads that skip over every second town
    n2 = 10**4
    line = [(i, i + 1, 10**9) for i in range(1, n2)]
    line += [(i, i + 2, 1) for i in range(1, n2 - 1, 2)]
    rng.shuffle(line)
    # the longest possible distance: a path of maximum-length roads
    path = [(i, i + 1, 10**9) for i in range(1, big)]
    # many roads with few kilometres each, random graph of medium size
    dense = rand_roads(rng, 3000, big, 5)
    return [
        fmt(1, []),
        fmt(3, []),
        fmt(2, [(2, 1, 10**9)]),
        fmt(4, [(2, 3, 1), (3, 4, 1)]),
        fmt(6, [(1, 2, 1), (2, 3, 1), (3, 4, 1), (1, 4, 5), (4, 5, 1), (1, 5, 3), (5, 6, 100)]),
        fmt(n1, tree),
        fmt(n2, line),
        fmt(big, path),
        fmt(3000, dense),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 1 <= n <= 2 * 10**5 and 0 <= m <= 2 * 10**5
    rows = lines[1:1 + m]
    assert len(rows) == m and lines[1 + m:] == [""]
    for r in rows:
        u, v, c = map(int, r.split())
        assert 1 <= u <= n and 1 <= v <= n and u != v and 1 <= c <= 10**9
