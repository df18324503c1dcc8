# Tier C: one known technique.
ID = "nodes-at-exact-distance"
TITLE = "Nodes at Exact Distance"
FUNC = "nodesAtDistance"
SIGNATURE = "def nodesAtDistance(self, n: int, edges: List[List[int]], start: int, k: int) -> List[int]:"

BODY = r"""
You are given an undirected graph with n nodes numbered from 0 to n - 1, and an array edges where edges[i] = [u, v] is an edge between the nodes u and v. You are also given a node start and an integer k.

The distance from start to a node x is the smallest number of edges on a path from start to x (the distance from start to itself is 0). A node that cannot be reached from start has no distance.

Return, in increasing order, all nodes whose distance from start is exactly k. If there is no such node, return an empty array.
"""

EXPLAIN = [
    "Node 0 is at distance 0; nodes 1 and 2 at distance 1; nodes 3 and 4 at distance 2 (4 is also 3 edges away along 0-1-3-4, but its distance is the smallest count); node 5 is not connected to node 0.",
    "Only start itself is at distance 0.",
]

CONSTRAINTS = r"""
1 <= n <= 50
0 <= edges.length <= 100
edges[i].length == 2
0 <= u, v < n and u != v
No edge is listed twice (in either direction).
0 <= start < n
0 <= k <= 50
"""

REF = r"""
from collections import deque

class Solution:
    def nodesAtDistance(self, n: int, edges: List[List[int]], start: int, k: int) -> List[int]:
        adj = [[] for _ in range(n)]
        for u, v in edges:
            adj[u].append(v)
            adj[v].append(u)
        dist = [-1] * n
        dist[start] = 0
        q = deque([start])
        while q:
            x = q.popleft()
            for y in adj[x]:
                if dist[y] == -1:
                    dist[y] = dist[x] + 1
                    q.append(y)
        return [x for x in range(n) if dist[x] == k]
"""

BRUTE = r"""
class Solution:
    def nodesAtDistance(self, n: int, edges: List[List[int]], start: int, k: int) -> List[int]:
        # within[d]: nodes reachable with at most d edges
        within = {start}
        prev = set()
        for _ in range(k):
            prev = set(within)
            for u, v in edges:
                if u in prev:
                    within.add(v)
                if v in prev:
                    within.add(u)
        if k == 0:
            return [start]
        return sorted(within - prev)
"""


def rand_graph(rng, n, m):
    pairs = [[u, v] for u in range(n) for v in range(u + 1, n)]
    chosen = rng.sample(pairs, min(m, len(pairs)))
    return [[v, u] if rng.random() < 0.5 else [u, v] for u, v in chosen]


def small(rng):
    n = rng.randint(1, 7)
    return [n, rand_graph(rng, n, rng.randint(0, 9)), rng.randrange(n), rng.randint(0, 5)]


def public():
    return [
        [6, [[0, 1], [0, 2], [1, 3], [2, 4], [3, 4]], 0, 2],
        [3, [[1, 2]], 0, 0],
    ]


def private(rng):
    line = [[i, i + 1] for i in range(49)]
    return [
        [1, [], 0, 0],
        [1, [], 0, 1],
        [2, [[0, 1]], 1, 1],
        [4, [[0, 1], [2, 3]], 0, 2],
        [5, [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]], 0, 2],
        [50, line, 0, 49],
        [50, line, 25, 50],
        [50, rand_graph(rng, 50, 60), rng.randrange(50), 3],
        [30, rand_graph(rng, 30, 40), 0, 2],
    ]


def valid(inp):
    n, edges, start, k = inp
    assert 1 <= n <= 50 and 0 <= len(edges) <= 100 and 0 <= start < n and 0 <= k <= 50
    seen = set()
    for e in edges:
        u, v = e
        assert len(e) == 2 and 0 <= u < n and 0 <= v < n and u != v
        key = (min(u, v), max(u, v))
        assert key not in seen
        seen.add(key)
