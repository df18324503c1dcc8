ID = "balanced-relay-trios"
TITLE = "Balanced Relay Trios"
FUNC = "countTrios"
SIGNATURE = "def countTrios(self, scores: List[int], low: int, high: int) -> int:"

BODY = r"""
A coach has n runners; runner i has a fitness score scores[i] (0-indexed; scores may be negative and may repeat). A relay trio is a choice of three different runners, that is, indices i < j < k. A trio is balanced when the total score scores[i] + scores[j] + scores[k] lies between low and high, inclusive.

Return the number of balanced trios. Trios are counted by indices: runners with equal scores are still different runners.
"""

EXPLAIN = [
    "By indices, the balanced trios are (0, 1, 2) with total 4, (0, 1, 3) with total 5, and (0, 1, 4), (0, 2, 3), (1, 2, 3) with total 6.",
    "The only trio has total 3, which is below low.",
]

CONSTRAINTS = r"""
3 <= scores.length <= 1500
-10^6 <= scores[i] <= 10^6
-3 * 10^6 <= low <= high <= 3 * 10^6
"""

REF = r"""
class Solution:
    def countTrios(self, scores: List[int], low: int, high: int) -> int:
        a = sorted(scores)
        n = len(a)

        def at_most(limit):
            # number of index triples with sum <= limit
            cnt = 0
            for i in range(n - 2):
                ai = a[i]
                j, k = i + 1, n - 1
                while j < k:
                    if ai + a[j] + a[k] <= limit:
                        cnt += k - j
                        j += 1
                    else:
                        k -= 1
            return cnt

        return at_most(high) - at_most(low - 1)
"""

BRUTE = r"""
from itertools import combinations

class Solution:
    def countTrios(self, scores: List[int], low: int, high: int) -> int:
        return sum(1 for t in combinations(scores, 3) if low <= sum(t) <= high)
"""


def small(rng):
    n = rng.randint(3, 9)
    r = rng.choice([0, 2, 5, 10**6])
    a = [rng.randint(-r, r) for _ in range(n)]
    lo = rng.randint(-3 * r - 2, 3 * r + 2)
    hi = rng.randint(lo, 3 * r + 3)
    lo, hi = max(lo, -3 * 10**6), min(hi, 3 * 10**6)
    if lo > hi:
        lo = hi
    return [a, lo, hi]


def public():
    return [[[1, 1, 2, 3, 4], 4, 6], [[-2, 0, 5], 4, 10]]


def private(rng):
    return [
        [[7, 7, 7], 21, 21],
        [[7, 7, 7], 22, 3 * 10**6],
        [[10**6] * 3 + [-10**6] * 3, -3 * 10**6, -3 * 10**6],
        [[0] * 40, 0, 0],
        [[rng.randint(-10**5, 10**5) for _ in range(1200)], -5000, 20000],
        [[rng.randint(-20, 20) for _ in range(1500)], 3, 3],
        [[rng.randint(-10**6, 10**6) for _ in range(300)], -3 * 10**6, 3 * 10**6],
        [[rng.randint(-50, 50) for _ in range(25)], -30, 10],
    ]


def valid(inp):
    a, lo, hi = inp
    assert 3 <= len(a) <= 1500
    assert all(isinstance(x, int) and -10**6 <= x <= 10**6 for x in a)
    assert isinstance(lo, int) and isinstance(hi, int)
    assert -3 * 10**6 <= lo <= hi <= 3 * 10**6
