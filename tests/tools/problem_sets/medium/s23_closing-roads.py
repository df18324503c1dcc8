ID = "closing-roads"
TITLE = "Closing Roads"
PLATFORM = "atcoder"

BODY = r"""
A region has N towns numbered 1 to N and M two-way roads numbered 1 to M. Road i connects towns A_i and B_i. Several roads may connect the same pair of towns.

Two different towns are said to be linked if one can be reached from the other using only roads that are still open. At first all roads are open. Then Q roads are closed one after another: the j-th closure closes road X_j, and a closed road stays closed. The X_j are pairwise distinct.

For each j = 1, 2, \ldots, Q, print the number of unordered pairs of different towns \{u, v\} that are linked right after the j-th closure.

Input

The input is given from Standard Input in the following format:
N M
A_1 B_1
A_2 B_2
\vdots
A_M B_M
Q
X_1 X_2 \ldots X_Q

Output

Print Q lines. The j-th line must contain the number of linked pairs of towns right after the j-th closure.

Constraints

- 2 \leq N \leq 2 \times 10^5
- 1 \leq M \leq 2 \times 10^5
- 1 \leq A_i, B_i \leq N
- A_i \neq B_i
- 1 \leq Q \leq M
- 1 \leq X_j \leq M
- X_1, X_2, \ldots, X_Q are pairwise distinct.
- All input values are integers.
"""

EXPLAIN = [
    "At first all four towns are linked (6 pairs). Closing road 2 (towns 2-3) keeps them linked through road 4 (towns 1-3). Closing road 4 then splits them into \\{1, 2\\} and \\{3, 4\\}: 2 pairs. Closing road 1 leaves only \\{3, 4\\}: 1 pair.",
    "Roads 1 and 2 both connect towns 1 and 2, so closing one of them changes nothing; closing the other unlinks the towns.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    a = [0] * (m + 1)
    b = [0] * (m + 1)
    p = 2
    for i in range(1, m + 1):
        a[i], b[i] = int(data[p]), int(data[p + 1])
        p += 2
    q = int(data[p])
    xs = [int(t) for t in data[p + 1:p + 1 + q]]
    closed = [False] * (m + 1)
    for x in xs:
        closed[x] = True

    parent = list(range(n + 1))
    size = [1] * (n + 1)

    def find(v):
        root = v
        while parent[root] != root:
            root = parent[root]
        while parent[v] != root:
            parent[v], v = root, parent[v]
        return root

    pairs = 0

    def union(u, v):
        nonlocal pairs
        ru, rv = find(u), find(v)
        if ru == rv:
            return
        if size[ru] < size[rv]:
            ru, rv = rv, ru
        pairs += size[ru] * size[rv]
        parent[rv] = ru
        size[ru] += size[rv]

    for i in range(1, m + 1):
        if not closed[i]:
            union(a[i], b[i])
    ans = [0] * q
    for j in range(q - 1, -1, -1):
        ans[j] = pairs
        union(a[xs[j]], b[xs[j]])
    sys.stdout.write("\n".join(map(str, ans)) + "\n")

main()
"""

BRUTE = r"""
n, m = map(int, input().split())
roads = [tuple(map(int, input().split())) for _ in range(m)]
q = int(input())
xs = list(map(int, input().split()))
open_ = [True] * m
for x in xs:
    open_[x - 1] = False
    linked = 0
    for u in range(1, n + 1):
        seen = {u}
        stack = [u]
        while stack:
            v = stack.pop()
            for i, (p, r) in enumerate(roads):
                if open_[i]:
                    for s, t in ((p, r), (r, p)):
                        if s == v and t not in seen:
                            seen.add(t)
                            stack.append(t)
        linked += len(seen) - 1
    print(linked // 2)
"""


def fmt(n, roads, xs):
    return (f"{n} {len(roads)}\n" + "".join(f"{a} {b}\n" for a, b in roads)
            + f"{len(xs)}\n" + " ".join(map(str, xs)) + "\n")


def rand_roads(rng, n, m):
    return [tuple(rng.sample(range(1, n + 1), 2)) for _ in range(m)]


def small(rng):
    n = rng.randint(2, 6)
    m = rng.randint(1, 8)
    roads = rand_roads(rng, n, m)
    if rng.random() < 0.3 and m >= 2:
        roads[1] = roads[0]
    xs = rng.sample(range(1, m + 1), rng.randint(1, m))
    return fmt(n, roads, xs)


def public():
    return [
        fmt(4, [(1, 2), (2, 3), (3, 4), (1, 3)], [2, 4, 1]),
        fmt(3, [(1, 2), (2, 1)], [1, 2]),
    ]


def private(rng):
    # random sparse graph around the connectivity threshold, close everything
    n1, m1 = 2500, 2800
    r1 = rand_roads(rng, n1, m1)
    x1 = rng.sample(range(1, m1 + 1), m1)
    # a long path closed from the middle outwards, plus unused extra roads
    n2 = 1500
    r2 = [(i, i + 1) for i in range(1, n2)]
    order = sorted(range(1, n2), key=lambda i: abs(i - n2 // 2))
    # duplicates of every road: the first closures change nothing
    n3 = 300
    base = [tuple(rng.sample(range(1, n3 + 1), 2)) for _ in range(350)]
    r3 = base + base
    x3 = list(range(1, 351)) + rng.sample(range(351, 701), 200)
    return [
        fmt(2, [(1, 2)], [1]),
        fmt(2, [(1, 2), (2, 1), (1, 2)], [3, 1]),
        fmt(5, [(1, 2), (3, 4)], [2]),
        fmt(4, [(1, 2), (2, 3), (3, 4), (4, 1)], [1, 3, 2, 4]),
        fmt(n1, r1, x1),
        fmt(n2, r2, order[:1000]),
        fmt(n3, r3, x3),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 2 <= n <= 2 * 10**5 and 1 <= m <= 2 * 10**5
    for r in lines[1:1 + m]:
        a, b = map(int, r.split())
        assert 1 <= a <= n and 1 <= b <= n and a != b
    q = int(lines[1 + m])
    xs = list(map(int, lines[2 + m].split()))
    assert lines[3 + m:] == [""]
    assert 1 <= q <= m and len(xs) == q and len(set(xs)) == q
    assert all(1 <= x <= m for x in xs)
