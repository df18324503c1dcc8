ID = "half-price-toll"
TITLE = "Half-Price Toll"
PLATFORM = "atcoder"

BODY = r"""
The kingdom has N cities numbered 1 to N and M two-way roads. Road i connects cities U_i and V_i, and every time it is travelled, in either direction, a toll of C_i yen is paid. Several roads may connect the same pair of cities.

Hanako travels from city 1 to city N. She holds a single coupon, which she may use on at most one road travel of the whole journey: on that travel of road i she pays \lfloor C_i / 2 \rfloor yen instead of C_i yen (the toll halved and rounded down). She may also not use it at all.

Print the minimum total toll Hanako has to pay to get from city 1 to city N. If city N cannot be reached from city 1, print -1. If N = 1, she is already there and the answer is 0.

Input

The input is given from Standard Input in the following format:
N M
U_1 V_1 C_1
U_2 V_2 C_2
\vdots
U_M V_M C_M

Output

Print the minimum total toll, or -1 if city N is unreachable.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq M \leq 2 \times 10^5
- 1 \leq U_i, V_i \leq N
- U_i \neq V_i
- 1 \leq C_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Without the coupon the cheapest route is 1 \\to 3 \\to 4 for 6 + 4 = 10 yen, and with the coupon on one of its roads it still costs at least 3 + 4 = 7 yen. Using the coupon on the direct road between cities 1 and 4 costs only \\lfloor 13 / 2 \\rfloor = 6 yen, the minimum.",
    "No road leads to city 3.",
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
    INF = float("inf")
    # state (city, coupon used?) ; node id = city * 2 + used
    dist = [INF] * (2 * (n + 1))
    dist[2] = 0
    pq = [(0, 2)]
    while pq:
        d, s = heapq.heappop(pq)
        if d > dist[s]:
            continue
        v, used = s >> 1, s & 1
        for u, c in adj[v]:
            t = u * 2 + used
            if d + c < dist[t]:
                dist[t] = d + c
                heapq.heappush(pq, (d + c, t))
            if not used:
                t = u * 2 + 1
                nd = d + c // 2
                if nd < dist[t]:
                    dist[t] = nd
                    heapq.heappush(pq, (nd, t))
    best = min(dist[2 * n], dist[2 * n + 1])
    print(-1 if best == INF else best)

main()
"""

BRUTE = r"""
n, m = map(int, input().split())
edges = [tuple(map(int, input().split())) for _ in range(m)]
INF = float("inf")

def shortest(costs):
    d = [INF] * (n + 1)
    d[1] = 0
    for _ in range(n):
        for (u, v, _c), c in zip(edges, costs):
            if d[u] + c < d[v]:
                d[v] = d[u] + c
            if d[v] + c < d[u]:
                d[u] = d[v] + c
    return d[n]

base = [c for _u, _v, c in edges]
best = shortest(base)
for i in range(m):
    costs = list(base)
    costs[i] //= 2
    best = min(best, shortest(costs))
print(-1 if best == INF else best)
"""


def fmt(n, edges):
    return f"{n} {len(edges)}\n" + "".join(f"{u} {v} {c}\n" for u, v, c in edges)


def rand_edges(rng, n, m, cmax):
    out = []
    for _ in range(m):
        u, v = rng.sample(range(1, n + 1), 2)
        out.append((u, v, rng.randint(1, cmax)))
    return out


def small(rng):
    n = rng.randint(1, 6)
    if n == 1:
        return fmt(1, [])
    m = rng.randint(0, 9)
    return fmt(n, rand_edges(rng, n, m, rng.choice([1, 3, 20, 10**9])))


def public():
    return [
        fmt(4, [(1, 2, 4), (2, 3, 4), (3, 4, 4), (1, 4, 13), (1, 3, 6)]),
        fmt(3, [(1, 2, 5), (2, 1, 3)]),
    ]


def private(rng):
    # big connected random graph
    n1 = 2000
    e1 = [(rng.randint(1, i - 1), i, rng.randint(1, 10**6)) for i in range(2, n1 + 1)]
    e1 += rand_edges(rng, n1, 2000, 10**6)
    rng.shuffle(e1)
    # long cheap chain versus one expensive shortcut: halving the shortcut wins
    n2 = 1500
    e2 = [(i, i + 1, 1000) for i in range(1, n2)] + [(1, n2, 2 * (1000 * (n2 - 1) - 500) - 1)]
    rng.shuffle(e2)
    # big graph where N is disconnected from 1
    n3 = 300
    e3 = [(rng.randint(1, i - 1), i, rng.randint(1, 10**9)) for i in range(2, n3)]
    return [
        fmt(1, []),
        fmt(2, [(1, 2, 1)]),
        fmt(2, [(2, 1, 10**9), (1, 2, 10**9)]),
        fmt(3, [(1, 2, 1), (2, 3, 1), (1, 3, 3)]),
        fmt(5, [(1, 2, 7), (3, 4, 2)]),
        fmt(6, [(1, 2, 1), (2, 6, 100), (1, 3, 30), (3, 4, 30), (4, 6, 30), (3, 5, 1)]),
        fmt(n1, e1),
        fmt(n2, e2),
        fmt(n3, e3),
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
