ID = "village-assembly"
TITLE = "Village Assembly"
PLATFORM = "atcoder"

BODY = r"""
There are N villages numbered 1 to N, connected by N - 1 two-way roads so that every village can be reached from every other one; road i connects villages U_i and V_i and has length W_i. Village i has P_i inhabitants.

Everybody will gather for an assembly in one village. If the assembly is held in village x, its travel cost is the sum, over all villages i, of P_i multiplied by the length of the shortest route between village i and village x (the route from a village to itself has length 0).

Find the minimum possible travel cost and the village where the assembly should be held. If several villages give the minimum travel cost, choose the one with the smallest number.

Input

The input is given from Standard Input in the following format:
N
P_1 P_2 \ldots P_N
U_1 V_1 W_1
U_2 V_2 W_2
\vdots
U_{N-1} V_{N-1} W_{N-1}

Output

Print two integers separated by a space: the chosen village and the minimum travel cost.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq P_i \leq 10^4
- 1 \leq U_i, V_i \leq N
- 1 \leq W_i \leq 10^4
- The roads connect all villages.
- All input values are integers.
"""

EXPLAIN = [
    "Holding the assembly in village 2 costs 3 \\times 2 + 2 \\times 1 + 4 \\times 6 = 32: the inhabitants of villages 1, 4 and 5 travel 2, 1 and 6, and nobody lives in village 3. Village 5, where the most people live, would cost 3 \\times 8 + 1 \\times 6 + 2 \\times 7 = 44.",
    "Villages 2, 3 and 4 all cost 40: in village 3 the two groups of 4 travel 4 and 6, and in village 2 or village 4 one group of 4 travels 10. The smallest of these numbers is 2.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    pop = [0] + [int(x) for x in data[1:1 + n]]
    adj = [[] for _ in range(n + 1)]
    p = 1 + n
    for _ in range(n - 1):
        u, v, w = int(data[p]), int(data[p + 1]), int(data[p + 2])
        p += 3
        adj[u].append((v, w))
        adj[v].append((u, w))
    total = sum(pop)
    parent = [0] * (n + 1)
    pw = [0] * (n + 1)
    order = []
    seen = [False] * (n + 1)
    seen[1] = True
    stack = [1]
    while stack:
        v = stack.pop()
        order.append(v)
        for u, w in adj[v]:
            if not seen[u]:
                seen[u] = True
                parent[u] = v
                pw[u] = w
                stack.append(u)
    sub = pop[:]
    cost1 = 0
    for v in reversed(order):
        if v != 1:
            sub[parent[v]] += sub[v]
            cost1 += sub[v] * pw[v]
    cost = [0] * (n + 1)
    cost[1] = cost1
    for v in order:
        if v != 1:
            cost[v] = cost[parent[v]] + pw[v] * (total - 2 * sub[v])
    best = 1
    for v in range(2, n + 1):
        if cost[v] < cost[best]:
            best = v
    print(best, cost[best])

main()
"""

BRUTE = r"""
n = int(input())
pop = list(map(int, input().split()))
roads = [tuple(map(int, input().split())) for _ in range(n - 1)]
INF = float("inf")
d = [[INF] * n for _ in range(n)]
for i in range(n):
    d[i][i] = 0
for u, v, w in roads:
    d[u - 1][v - 1] = min(d[u - 1][v - 1], w)
    d[v - 1][u - 1] = min(d[v - 1][u - 1], w)
for k in range(n):
    for i in range(n):
        for j in range(n):
            if d[i][k] + d[k][j] < d[i][j]:
                d[i][j] = d[i][k] + d[k][j]
costs = [sum(pop[i] * d[i][x] for i in range(n)) for x in range(n)]
m = min(costs)
print(costs.index(m) + 1, m)
"""


def fmt(pop, roads):
    return (f"{len(pop)}\n" + " ".join(map(str, pop)) + "\n"
            + "".join(f"{u} {v} {w}\n" for u, v, w in roads))


def rand_tree(rng, n, wmax, shape="random"):
    label = list(range(1, n + 1))
    rng.shuffle(label)
    roads = []
    for i in range(1, n):
        if shape == "path":
            j = i - 1
        elif shape == "star":
            j = 0
        elif shape == "caterpillar":
            j = i - 1 if i % 2 == 1 or i < 2 else i - 2
        else:
            j = rng.randrange(i)
        a, b = label[i], label[j]
        if rng.random() < 0.5:
            a, b = b, a
        roads.append((a, b, rng.randint(1, wmax)))
    rng.shuffle(roads)
    return roads


def small(rng):
    n = rng.randint(1, 8)
    shape = rng.choice(["random", "path", "star"])
    pmax = rng.choice([0, 1, 3, 10])
    pop = [rng.randint(0, pmax) for _ in range(n)]
    return fmt(pop, rand_tree(rng, n, rng.choice([1, 5, 10**4]), shape))


def public():
    return [
        fmt([3, 1, 0, 2, 4], [(1, 2, 2), (2, 3, 5), (2, 4, 1), (3, 5, 1)]),
        fmt([0, 4, 0, 4], [(1, 2, 3), (3, 2, 4), (3, 4, 6)]),
    ]


def private(rng):
    n1 = 3500
    pop1 = [rng.randint(0, 9) for _ in range(n1)]
    n2 = 2000
    pop2 = [rng.randint(0, 9) for _ in range(n2)]
    n3 = 1500
    return [
        fmt([7], []),
        fmt([0, 0], [(2, 1, 10**4)]),
        fmt([5, 5], [(1, 2, 3)]),
        fmt([10**4] * 3, [(1, 2, 10**4), (2, 3, 10**4)]),
        fmt([1, 0, 0, 0, 0, 1], [(1, 2, 1), (2, 3, 1), (3, 4, 1), (4, 5, 1), (5, 6, 1)]),
        fmt(pop1, rand_tree(rng, n1, 99)),
        fmt(pop2, rand_tree(rng, n2, 99, "path")),
        fmt([rng.randint(0, 1) for _ in range(n3)], rand_tree(rng, n3, 9, "caterpillar")),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5
    pop = list(map(int, lines[1].split()))
    assert len(pop) == n and all(0 <= x <= 10**4 for x in pop)
    rows = lines[2:1 + n]
    assert len(rows) == n - 1 and lines[1 + n:] == [""]
    parent = list(range(n + 1))

    def find(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for r in rows:
        u, v, w = map(int, r.split())
        assert 1 <= u <= n and 1 <= v <= n and 1 <= w <= 10**4
        ru, rv = find(u), find(v)
        assert ru != rv
        parent[ru] = rv
