ID = "island-bridge-groups"
TITLE = "Island Bridge Groups"
PLATFORM = "atcoder"

BODY = r"""
An archipelago has N islands numbered 1 to N. At first there are no bridges at all. Over the next M weeks the government builds one bridge per week: the bridge built in week i connects island U_i and island V_i, and can be crossed in both directions. A bridge may connect two islands that are already connected by an earlier bridge.

Two islands belong to the same group if one can walk from one to the other using only bridges (possibly passing through other islands). An island with no path to any other island forms a group by itself.

After each week, print the number of groups.

Input

The input is given from Standard Input in the following format:
N M
U_1 V_1
U_2 V_2
\vdots
U_M V_M

Output

Print M lines. The i-th line must contain the number of groups right after the bridge of week i has been built.

Constraints

- 2 \leq N \leq 2 \times 10^5
- 1 \leq M \leq 2 \times 10^5
- 1 \leq U_i, V_i \leq N
- U_i \neq V_i
- All input values are integers.
"""

EXPLAIN = [
    "After week 1 the groups are \\{1, 2\\}, \\{3\\}, \\{4\\}, \\{5\\}. After week 3 they are \\{1, 2, 3, 4\\} and \\{5\\}. The bridge of week 4 connects islands 1 and 3, which are already in the same group, so the number of groups does not change.",
    "",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    parent = list(range(n + 1))
    size = [1] * (n + 1)

    def find(x):
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    groups = n
    out = []
    for i in range(m):
        a = find(int(data[2 + 2 * i]))
        b = find(int(data[3 + 2 * i]))
        if a != b:
            if size[a] < size[b]:
                a, b = b, a
            parent[b] = a
            size[a] += size[b]
            groups -= 1
        out.append(groups)
    print("\n".join(map(str, out)))

main()
"""

BRUTE = r"""
n, m = map(int, input().split())
adj = [[] for _ in range(n + 1)]
for _ in range(m):
    u, v = map(int, input().split())
    adj[u].append(v)
    adj[v].append(u)
    seen = [False] * (n + 1)
    count = 0
    for s in range(1, n + 1):
        if seen[s]:
            continue
        count += 1
        seen[s] = True
        stack = [s]
        while stack:
            x = stack.pop()
            for y in adj[x]:
                if not seen[y]:
                    seen[y] = True
                    stack.append(y)
    print(count)
"""


def fmt(n, edges):
    return f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)


def rand_edges(rng, n, m):
    return [tuple(rng.sample(range(1, n + 1), 2)) for _ in range(m)]


def small(rng):
    n = rng.randint(2, 7)
    m = rng.randint(1, 10)
    return fmt(n, rand_edges(rng, n, m))


def public():
    return [
        fmt(5, [(1, 2), (3, 4), (2, 4), (1, 3), (5, 4)]),
        fmt(4, [(2, 3), (3, 2), (2, 3)]),
    ]


def private(rng):
    big = 10**4
    # a long path whose bridges are built in a random order
    perm = list(range(1, big + 1))
    rng.shuffle(perm)
    path = [(perm[i], perm[i + 1]) for i in range(big - 1)]
    rng.shuffle(path)
    # a chain built from one end: a deep tree for a union without balancing
    chain = [(i, i + 1) for i in range(1, big)] + [(1, big)]
    return [
        fmt(2, [(1, 2)]),
        fmt(2, [(2, 1), (1, 2), (2, 1)]),
        fmt(3, [(1, 2), (1, 2)]),
        fmt(6, [(1, 2), (3, 4), (5, 6), (2, 3), (4, 1), (6, 4), (5, 1)]),
        fmt(10, [(i, 1) for i in range(2, 11)]),
        fmt(big, path),
        fmt(big, chain),
        fmt(big, rand_edges(rng, big, big)),
        fmt(1000, rand_edges(rng, 1000, 3000)),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 2 <= n <= 2 * 10**5 and 1 <= m <= 2 * 10**5
    rows = lines[1:1 + m]
    assert len(rows) == m and lines[1 + m:] == [""]
    for r in rows:
        u, v = map(int, r.split())
        assert 1 <= u <= n and 1 <= v <= n and u != v
