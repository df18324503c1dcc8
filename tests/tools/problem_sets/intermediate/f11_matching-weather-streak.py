ID = "matching-weather-streak"
TITLE = "Matching Weather Streak"
FUNC = "longestMatch"
SIGNATURE = "def longestMatch(self, a: List[int], b: List[int], tol: int) -> int:"

BODY = r"""
Two weather stations logged one temperature a day: station one logged the list a, station two the list b (the lists may cover different periods and have different lengths). Two readings match if they differ by at most tol.

A matching streak of length L is a choice of L consecutive readings a[i], a[i+1], ..., a[i+L-1] of station one and L consecutive readings b[j], b[j+1], ..., b[j+L-1] of station two such that a[i+t] matches b[j+t] for every t from 0 to L-1 (the two streaks may start at different positions).

Return the largest L for which a matching streak exists (0 if no reading of a matches any reading of b).
"""

EXPLAIN = [
    "a[1..3] = [5, 7, 9] matches b[0..2] = [6, 7, 10] reading by reading (differences 1, 0, 1), and no streak of 4 matches.",
    "Every pair of readings differs by more than 0.",
]

CONSTRAINTS = r"""
1 <= a.length, b.length <= 500
-100 <= a[i], b[j] <= 100
0 <= tol <= 200
"""

REF = r"""
class Solution:
    def longestMatch(self, a: List[int], b: List[int], tol: int) -> int:
        n, m = len(a), len(b)
        prev = [0] * (m + 1)
        best = 0
        for i in range(1, n + 1):
            cur = [0] * (m + 1)
            x = a[i - 1]
            for j in range(1, m + 1):
                if abs(x - b[j - 1]) <= tol:
                    cur[j] = prev[j - 1] + 1
                    if cur[j] > best:
                        best = cur[j]
            prev = cur
        return best
"""

BRUTE = r"""
class Solution:
    def longestMatch(self, a: List[int], b: List[int], tol: int) -> int:
        best = 0
        for length in range(1, min(len(a), len(b)) + 1):
            for i in range(len(a) - length + 1):
                for j in range(len(b) - length + 1):
                    if all(abs(a[i + t] - b[j + t]) <= tol for t in range(length)):
                        best = max(best, length)
        return best
"""


def small(rng):
    lo, hi = rng.choice([(0, 2), (-5, 5), (-100, 100)])
    a = [rng.randint(lo, hi) for _ in range(rng.randint(1, 7))]
    b = [rng.randint(lo, hi) for _ in range(rng.randint(1, 7))]
    return [a, b, rng.choice([0, 0, 1, 2, 200])]


def public():
    return [[[3, 5, 7, 9, 20], [6, 7, 10, 1], 1], [[1, 2, 3], [4, 5, 6], 0]]


def private(rng):
    base = [rng.randint(-100, 100) for _ in range(500)]
    shifted = [max(-100, min(100, x + rng.randint(-2, 2))) for x in base[137:437]]
    return [
        [[0], [0], 0],
        [[-100], [100], 199],
        [[-100], [100], 200],
        [[7, 7, 7, 7], [7, 7], 0],
        [[1, 2, 3, 4, 5], [5, 4, 3, 2, 1], 1],
        [[rng.randint(-3, 3) for _ in range(500)], [rng.randint(-3, 3) for _ in range(500)], 0],
        [base, shifted, 2],
        [[rng.randint(-100, 100) for _ in range(500)], [rng.randint(-100, 100) for _ in range(500)], 200],
        [[rng.randint(-100, 100) for _ in range(500)], [rng.randint(-100, 100) for _ in range(300)], 30],
    ]


def valid(inp):
    a, b, tol = inp
    assert 1 <= len(a) <= 500 and 1 <= len(b) <= 500
    assert all(-100 <= x <= 100 for x in a + b)
    assert 0 <= tol <= 200
