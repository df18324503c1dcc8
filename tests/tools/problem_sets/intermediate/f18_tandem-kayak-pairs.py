ID = "tandem-kayak-pairs"
TITLE = "Tandem Kayak Pairs"
FUNC = "countPairs"
SIGNATURE = "def countPairs(self, weights: List[int], limit: int) -> int:"

BODY = r"""
A kayak rental has tandem kayaks for exactly two people, and a kayak is safe only if the two paddlers together weigh at most limit kilograms. A group of friends arrives; weights[i] is the weight of friend i (friends can weigh the same).

The guide wants to know how many different pairs of friends could safely share a kayak. Return the number of pairs (i, j) with i < j and weights[i] + weights[j] <= limit.
"""

EXPLAIN = [
    "The safe pairs are 50+60, 50+70, 50+80, 60+70 and 60+80 (110, 120, 130, 130, 140). 70+80 = 150 is too heavy.",
    "Every pair weighs exactly 100, so all 3 pairs are safe.",
]

CONSTRAINTS = r"""
2 <= weights.length <= 2 * 10^5
1 <= weights[i] <= 10^9
1 <= limit <= 2 * 10^9
"""

REF = r"""
class Solution:
    def countPairs(self, weights: List[int], limit: int) -> int:
        w = sorted(weights)
        i, j = 0, len(w) - 1
        count = 0
        while i < j:
            if w[i] + w[j] <= limit:
                count += j - i
                i += 1
            else:
                j -= 1
        return count
"""

BRUTE = r"""
class Solution:
    def countPairs(self, weights: List[int], limit: int) -> int:
        n = len(weights)
        return sum(1 for i in range(n) for j in range(i + 1, n) if weights[i] + weights[j] <= limit)
"""


def small(rng):
    n = rng.randint(2, 9)
    hi = rng.choice([5, 20, 10**9])
    return [[rng.randint(1, hi) for _ in range(n)], rng.randint(1, 2 * hi)]


def public():
    return [[[80, 50, 70, 60], 140], [[50, 50, 50], 100]]


def private(rng):
    n = 2 * 10**4
    return [
        [[1, 1], 1],
        [[1, 1], 2],
        [[10**9, 10**9], 2 * 10**9],
        [[10**9, 1, 10**9 - 1], 10**9],
        [[3, 3, 3, 3, 3, 3], 6],
        [[rng.randint(1, 100) for _ in range(200)], 100],
        [[rng.randint(1, 10**9) for _ in range(n)], 10**9],
        [[rng.randint(40, 120) for _ in range(n)], 160],
        [[1] * n, 2 * 10**9],
    ]


def valid(inp):
    w, limit = inp
    assert 2 <= len(w) <= 2 * 10**5
    assert all(isinstance(x, int) and 1 <= x <= 10**9 for x in w)
    assert 1 <= limit <= 2 * 10**9
