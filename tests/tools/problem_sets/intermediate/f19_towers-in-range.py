ID = "towers-in-range"
TITLE = "Towers in Range"
FUNC = "towersHeard"
SIGNATURE = "def towersHeard(self, towers: List[int], queries: List[List[int]]) -> List[int]:"

BODY = r"""
Radio towers stand along a straight highway; towers[i] is the kilometre mark of tower i (several towers may stand at the same mark). Each query [x, d] describes a driver at kilometre mark x whose radio can pick up any tower at distance at most d, that is, at a mark between x - d and x + d inclusive.

Return a list whose i-th element is the number of towers that the driver of queries[i] can pick up.
"""

EXPLAIN = [
    "Driver [10, 3] hears the towers at 7, 12 and 13; driver [0, 1] hears the one at 1; driver [20, 0] hears none; driver [12, 5] hears the towers at 7, 12, 13 and 17.",
    "Both towers stand at mark 5.",
]

CONSTRAINTS = r"""
1 <= towers.length <= 10^5
1 <= queries.length <= 10^5
-10^9 <= towers[i], x <= 10^9
0 <= d <= 2 * 10^9
"""

REF = r"""
class Solution:
    def towersHeard(self, towers: List[int], queries: List[List[int]]) -> List[int]:
        t = sorted(towers)
        return [bisect.bisect_right(t, x + d) - bisect.bisect_left(t, x - d) for x, d in queries]
"""

BRUTE = r"""
class Solution:
    def towersHeard(self, towers: List[int], queries: List[List[int]]) -> List[int]:
        return [sum(1 for p in towers if abs(p - x) <= d) for x, d in queries]
"""


def small(rng):
    lo, hi = rng.choice([(0, 5), (-10, 10), (-10**9, 10**9)])
    towers = [rng.randint(lo, hi) for _ in range(rng.randint(1, 8))]
    queries = [[rng.randint(lo, hi), rng.randint(0, min(2 * 10**9, 2 * (hi - lo)))] for _ in range(rng.randint(1, 6))]
    return [towers, queries]


def public():
    return [[[12, 1, 7, 17, 13], [[10, 3], [0, 1], [20, 0], [12, 5]]], [[5, 5], [[5, 0], [4, 0], [6, 1]]]]


def private(rng):
    n = 10**4
    B = 10**9
    return [
        [[0], [[0, 0]]],
        [[-B], [[B, 2 * B], [B, 2 * B - 1], [-B, 0]]],
        [[3, 3, 3, 8], [[5, 2], [5, 1], [8, 5], [-1, 3]]],
        [[rng.randint(-20, 20) for _ in range(50)], [[rng.randint(-25, 25), rng.randint(0, 10)] for _ in range(50)]],
        [[rng.randint(-B, B) for _ in range(n)], [[rng.randint(-B, B), rng.randint(0, 2 * B)] for _ in range(n)]],
        [[rng.randint(-1000, 1000) for _ in range(n)], [[rng.randint(-1100, 1100), rng.randint(0, 30)] for _ in range(n)]],
        [[7] * n, [[7, 0], [6, 0], [8, 1]] * 1000],
        [list(range(0, 2 * n, 2)), [[i, 0] for i in range(n)]],
    ]


def valid(inp):
    towers, queries = inp
    assert 1 <= len(towers) <= 10**5 and 1 <= len(queries) <= 10**5
    assert all(-10**9 <= p <= 10**9 for p in towers)
    for x, d in queries:
        assert -10**9 <= x <= 10**9 and 0 <= d <= 2 * 10**9
