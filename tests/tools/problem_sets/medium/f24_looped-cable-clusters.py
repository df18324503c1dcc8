ID = "looped-cable-clusters"
TITLE = "Looped Cable Clusters"
FUNC = "clusterReport"
SIGNATURE = "def clusterReport(self, n: int, cables: List[List[int]]) -> List[int]:"

BODY = r"""
A data centre has n servers numbered 0 to n - 1, and a list of cables; cables[i] = [u, v] is a cable joining servers u and v. Cables are undirected. The list may contain several cables between the same two servers, and a cable may even join a server to itself (u == v).

A cluster is a maximal group of servers that are connected to each other, directly or through other servers. A server that has no cable to any other server forms a cluster on its own.

A cluster is looped if, inside it, you can start at some server, travel along at least one cable, never using the same cable twice, and return to the starting server. In particular, a cable from a server to itself makes its cluster looped, and so do two different cables joining the same two servers.

Return a list [c, l] where c is the number of clusters and l is the number of looped clusters.
"""

EXPLAIN = [
    "The clusters are {0, 1, 2} (looped: 0-1-2-0), {3, 4} (not looped) and {5} (not looped).",
    "The clusters are {0, 1} (looped: the two cables between 0 and 1 form a loop), {2} (looped: the cable from 2 to itself) and {3}.",
]

CONSTRAINTS = r"""
1 <= n <= 10^4
0 <= cables.length <= 10^4
cables[i].length == 2
0 <= cables[i][0], cables[i][1] < n
"""

REF = r"""
class Solution:
    def clusterReport(self, n: int, cables: List[List[int]]) -> List[int]:
        parent = list(range(n))

        def find(x):
            root = x
            while parent[root] != root:
                root = parent[root]
            while parent[x] != root:
                parent[x], x = root, parent[x]
            return root

        for u, v in cables:
            ru, rv = find(u), find(v)
            if ru != rv:
                parent[ru] = rv
        nodes = {}
        edges = {}
        for x in range(n):
            r = find(x)
            nodes[r] = nodes.get(r, 0) + 1
        for u, v in cables:
            r = find(u)
            edges[r] = edges.get(r, 0) + 1
        looped = sum(1 for r in nodes if edges.get(r, 0) >= nodes[r])
        return [len(nodes), looped]
"""

BRUTE = r"""
class Solution:
    def clusterReport(self, n: int, cables: List[List[int]]) -> List[int]:
        def reach(src, skip):
            seen = {src}
            changed = True
            while changed:
                changed = False
                for i, (u, v) in enumerate(cables):
                    if i == skip:
                        continue
                    if (u in seen) != (v in seen):
                        seen.add(u)
                        seen.add(v)
                        changed = True
            return seen

        label = [-1] * n
        clusters = 0
        for s in range(n):
            if label[s] < 0:
                for x in reach(s, -1):
                    label[x] = clusters
                clusters += 1
        looped = set()
        for i, (u, v) in enumerate(cables):
            # a cable lies on a loop exactly when its ends stay connected without it
            if u == v or v in reach(u, i):
                looped.add(label[u])
        return [clusters, len(looped)]
"""


def small(rng):
    n = rng.randint(1, 8)
    m = rng.randint(0, 10)
    cables = []
    for _ in range(m):
        u = rng.randrange(n)
        v = u if rng.random() < 0.1 else rng.randrange(n)
        cables.append([u, v])
    return [n, cables]


def public():
    return [
        [6, [[0, 1], [1, 2], [2, 0], [3, 4]]],
        [4, [[0, 1], [1, 0], [2, 2]]],
    ]


def private(rng):
    tests = [
        [1, []],
        [1, [[0, 0]]],
        [5, []],
        [3, [[0, 1], [0, 1], [1, 2]]],
        [7, [[0, 1], [1, 2], [2, 3], [4, 5], [5, 6], [6, 4], [3, 3]]],
    ]
    # A long path: recursive depth-first search overflows Python's stack here.
    n = 3000
    perm = list(range(n))
    rng.shuffle(perm)
    tests.append([n, [[perm[i], perm[i + 1]] for i in range(n - 1)]])
    # The same path closed into a single loop, listed in random order.
    ring = [[perm[i], perm[(i + 1) % n]] for i in range(n)]
    rng.shuffle(ring)
    tests.append([n, ring])
    # A sparse random forest plus a few extra cables, some of which close loops.
    n = 6000
    cables = []
    for x in range(1, n):
        if rng.random() < 0.4:
            cables.append([x, rng.randrange(max(0, x - 30), x)])
    for _ in range(150):
        a = rng.randrange(n - 10)
        cables.append([a, a + rng.randint(0, 10)])
    rng.shuffle(cables)
    tests.append([n, cables])
    return tests


def valid(inp):
    n, cables = inp
    assert 1 <= n <= 10**4 and 0 <= len(cables) <= 10**4
    assert all(len(e) == 2 and all(isinstance(x, int) and 0 <= x < n for x in e) for e in cables)
