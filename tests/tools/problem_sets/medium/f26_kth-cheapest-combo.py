ID = "kth-cheapest-combo"
TITLE = "K-th Cheapest Combo"
FUNC = "kthCheapestCombo"
SIGNATURE = "def kthCheapestCombo(self, mains: List[int], drinks: List[int], k: int) -> int:"

BODY = r"""
A food truck sells combos made of one main dish and one drink. The prices of the main dishes are given in the list mains and the prices of the drinks in the list drinks; both lists are sorted in non-decreasing order. A price may be negative (a sponsored item) and several items may have the same price.

Every pair (i, j), with 0 <= i < mains.length and 0 <= j < drinks.length, is a different combo, with price mains[i] + drinks[j]. So there are mains.length * drinks.length combos, and two different combos may have the same price.

Write the prices of all combos in one list sorted in non-decreasing order. Return the k-th value of that list (k is 1-indexed, so k = 1 asks for the cheapest price).
"""

EXPLAIN = [
    "The 9 combo prices, sorted, are 3, 4, 5, 5, 6, 7, 7, 8, 9. The 4th one is 5.",
    "Main -1 with each of the three drinks gives 3, 3, 3, and main 2 gives 6, 6, 6. The sorted list is 3, 3, 3, 6, 6, 6, and its 5th value is 6.",
]

CONSTRAINTS = r"""
1 <= mains.length, drinks.length <= 10^4
-10^9 <= mains[i], drinks[j] <= 10^9
mains and drinks are sorted in non-decreasing order.
1 <= k <= min(10^5, mains.length * drinks.length)
"""

REF = r"""
import heapq

class Solution:
    def kthCheapestCombo(self, mains: List[int], drinks: List[int], k: int) -> int:
        a, b = mains, drinks
        if len(a) > len(b):
            a, b = b, a
        heap = [(a[i] + b[0], i, 0) for i in range(min(len(a), k))]
        heapq.heapify(heap)
        for _ in range(k - 1):
            _, i, j = heapq.heappop(heap)
            if j + 1 < len(b):
                heapq.heappush(heap, (a[i] + b[j + 1], i, j + 1))
        return heap[0][0]
"""

BRUTE = r"""
class Solution:
    def kthCheapestCombo(self, mains: List[int], drinks: List[int], k: int) -> int:
        prices = sorted(x + y for x in mains for y in drinks)
        return prices[k - 1]
"""


def sorted_list(rng, n, lo, hi):
    return sorted(rng.randint(lo, hi) for _ in range(n))


def small(rng):
    n, m = rng.randint(1, 7), rng.randint(1, 7)
    lo, hi = rng.choice([(0, 0), (1, 3), (-5, 5), (-10**9, 10**9)])
    a, b = sorted_list(rng, n, lo, hi), sorted_list(rng, m, lo, hi)
    return [a, b, rng.randint(1, n * m)]


def public():
    return [
        [[1, 3, 5], [2, 3, 4], 4],
        [[-1, 2], [4, 4, 4], 5],
    ]


def private(rng):
    big = 5000
    return [
        [[7], [-7], 1],
        [[5, 5, 5], [5, 5], 6],
        [[-10**9, 10**9], [-10**9, -10**9, 10**9], 4],
        [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [100], 7],
        [[0], sorted_list(rng, 1500, -10**4, 10**4), 1500],
        [sorted_list(rng, 4000, -10**5, 10**5), sorted_list(rng, 4000, -10**5, 10**5), 10**5],
        [sorted_list(rng, big, 0, 30), sorted_list(rng, big, 0, 30), 77777],
        [sorted_list(rng, 2, -10**9, 10**9), sorted_list(rng, 1500, -10**9, 10**9), 2999],
    ]


def valid(inp):
    a, b, k = inp
    assert 1 <= len(a) <= 10**4 and 1 <= len(b) <= 10**4
    for arr in (a, b):
        assert all(isinstance(x, int) and -10**9 <= x <= 10**9 for x in arr)
        assert all(arr[i] <= arr[i + 1] for i in range(len(arr) - 1))
    assert 1 <= k <= min(10**5, len(a) * len(b))
