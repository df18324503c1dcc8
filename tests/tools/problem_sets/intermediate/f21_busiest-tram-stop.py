ID = "busiest-tram-stop"
TITLE = "Busiest Tram Stop"
FUNC = "busiestStop"
SIGNATURE = "def busiestStop(self, n: int, changes: List[List[int]]) -> int:"

BODY = r"""
A tram line has n stops numbered 1 to n, and every stop starts the day with a crowd of 0. Each changes[i] = [l, r, v] is a report that the crowd at every stop from l to r (inclusive) changed by v; v may be negative when people leave, so a crowd may even become negative in these reports.

After all the reports, return the number of the stop with the largest crowd. If several stops share the largest crowd, return the smallest stop number among them.
"""

EXPLAIN = [
    "The crowds at stops 1..5 end as 3, 8, 4, 4, 0, so stop 2 is the busiest.",
    "Every stop ends with -2; all tie, so the answer is stop 1.",
]

CONSTRAINTS = r"""
1 <= n <= 2 * 10^5
0 <= changes.length <= 2 * 10^5
1 <= l <= r <= n
-10^4 <= v <= 10^4
"""

REF = r"""
class Solution:
    def busiestStop(self, n: int, changes: List[List[int]]) -> int:
        diff = [0] * (n + 2)
        for l, r, v in changes:
            diff[l] += v
            diff[r + 1] -= v
        best_stop, best, crowd = 1, None, 0
        for stop in range(1, n + 1):
            crowd += diff[stop]
            if best is None or crowd > best:
                best, best_stop = crowd, stop
        return best_stop
"""

BRUTE = r"""
class Solution:
    def busiestStop(self, n: int, changes: List[List[int]]) -> int:
        crowd = [0] * (n + 1)
        for l, r, v in changes:
            for s in range(l, r + 1):
                crowd[s] += v
        top = max(crowd[1:])
        return crowd.index(top, 1)
"""


def rand_changes(rng, n, m, vlo, vhi, maxlen=None):
    out = []
    for _ in range(m):
        l = rng.randint(1, n)
        r = rng.randint(l, n if maxlen is None else min(n, l + maxlen))
        out.append([l, r, rng.randint(vlo, vhi)])
    return out


def small(rng):
    n = rng.randint(1, 8)
    return [n, rand_changes(rng, n, rng.randint(0, 5), rng.choice([-3, 0, -10**4]), rng.choice([3, 10**4]))]


def public():
    return [[5, [[1, 4, 3], [2, 2, 5], [3, 4, 1]]], [3, [[1, 3, -2]]]]


def private(rng):
    n = 2 * 10**4
    return [
        [1, []],
        [4, []],
        [6, [[1, 6, -5], [6, 6, 5]]],
        [5, [[1, 2, 10], [4, 5, 10], [3, 3, 9]]],
        [7, [[2, 7, 4], [1, 3, -4], [5, 5, 0]]],
        [50, rand_changes(rng, 50, 40, -20, 20)],
        [n, rand_changes(rng, n, n, -10**4, 10**4)],
        [n, rand_changes(rng, n, n, 0, 3, 100)],
        [n, [[1, n, -10**4]] * 1000 + [[n, n, 1]]],
    ]


def valid(inp):
    n, changes = inp
    assert 1 <= n <= 2 * 10**5 and len(changes) <= 2 * 10**5
    for l, r, v in changes:
        assert 1 <= l <= r <= n and -10**4 <= v <= 10**4
