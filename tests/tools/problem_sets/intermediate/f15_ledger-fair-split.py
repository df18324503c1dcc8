ID = "ledger-fair-split"
TITLE = "Ledger Fair Split"
FUNC = "bestSplit"
SIGNATURE = "def bestSplit(self, changes: List[int]) -> int:"

BODY = r"""
A shop's ledger lists the change of its cash balance on each of n days: changes[i] is the change on day i (0-indexed), and it may be negative. Two accountants share the audit: one takes days 0 to i - 1 and the other takes days i to n - 1, for some cut i with 1 <= i <= n - 1, so each of them gets at least one day.

The imbalance of a cut is the absolute difference between the sum of the first accountant's changes and the sum of the second accountant's changes. Return the cut i with the smallest imbalance; if several cuts have the same smallest imbalance, return the smallest of them.
"""

EXPLAIN = [
    "The imbalances of the cuts 1 to 5 are 4, 6, 2, 2 and 8. Cuts 3 and 4 tie with imbalance 2, and the smaller one is 3.",
    "Every cut has imbalance 0.",
]

CONSTRAINTS = r"""
2 <= changes.length <= 2 * 10^5
-10^4 <= changes[i] <= 10^4
"""

REF = r"""
class Solution:
    def bestSplit(self, changes: List[int]) -> int:
        total = sum(changes)
        left = 0
        best_cut, best = 1, None
        for i in range(1, len(changes)):
            left += changes[i - 1]
            diff = abs(left - (total - left))
            if best is None or diff < best:
                best, best_cut = diff, i
        return best_cut
"""

BRUTE = r"""
class Solution:
    def bestSplit(self, changes: List[int]) -> int:
        n = len(changes)
        scores = []
        for i in range(1, n):
            scores.append((abs(sum(changes[:i]) - sum(changes[i:])), i))
        return min(scores)[1]
"""


def small(rng):
    n = rng.randint(2, 9)
    lo, hi = rng.choice([(0, 3), (-3, 3), (-10**4, 10**4), (-1, 1)])
    return [[rng.randint(lo, hi) for _ in range(n)]]


def public():
    return [[[3, -1, 4, -2, 5, 1]], [[0, 0, 0]]]


def private(rng):
    n = 2 * 10**4
    return [
        [[5, 5]],
        [[-10**4, 10**4]],
        [[1, -1, 1, -1]],
        [[10**4] * 7 + [-10**4]],
        [[0, 0, 0, 0, 0, 7]],
        [[rng.randint(-5, 5) for _ in range(100)]],
        [[rng.randint(-10**4, 10**4) for _ in range(n)]],
        [[10**4] * (n // 2) + [-10**4] * (n // 2)],
        [[rng.randint(0, 10**4) for _ in range(n)]],
    ]


def valid(inp):
    (a,) = inp
    assert 2 <= len(a) <= 2 * 10**5
    assert all(isinstance(x, int) and -10**4 <= x <= 10**4 for x in a)
