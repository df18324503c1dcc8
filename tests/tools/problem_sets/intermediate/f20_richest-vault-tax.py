ID = "richest-vault-tax"
TITLE = "Richest Vault Tax"
FUNC = "coinsLeft"
SIGNATURE = "def coinsLeft(self, vaults: List[int], k: int) -> int:"

BODY = r"""
A kingdom has several vaults; vaults[i] is the number of gold coins in vault i. The tax collector comes k times. Each time he picks a vault holding the most coins at that moment (any one of them if several tie) and takes away one third of its coins, rounded down: a vault with x coins is left with x - floor(x / 3) coins. A vault with fewer than 3 coins loses nothing, but a visit to it still counts as one of the k visits.

Return the total number of coins left in all vaults after the k visits.
"""

EXPLAIN = [
    "Visits: 30 -> 20 (vaults 20, 9, 20), then a vault with 20 -> 14, then the other 20 -> 14, then 14 -> 10. Left: 10 + 9 + 14 = 33.",
    "The vault with 2 coins is the largest; each visit takes floor(2 / 3) = 0 coins.",
]

CONSTRAINTS = r"""
1 <= vaults.length <= 10^5
0 <= vaults[i] <= 10^9
1 <= k <= 10^5
"""

REF = r"""
class Solution:
    def coinsLeft(self, vaults: List[int], k: int) -> int:
        heap = [-x for x in vaults]
        heapq.heapify(heap)
        for _ in range(k):
            x = -heapq.heappop(heap)
            heapq.heappush(heap, -(x - x // 3))
        return -sum(heap)
"""

BRUTE = r"""
class Solution:
    def coinsLeft(self, vaults: List[int], k: int) -> int:
        v = list(vaults)
        for _ in range(k):
            i = v.index(max(v))
            v[i] -= v[i] // 3
        return sum(v)
"""


def small(rng):
    n = rng.randint(1, 6)
    hi = rng.choice([2, 10, 100, 10**9])
    return [[rng.randint(0, hi) for _ in range(n)], rng.randint(1, 12)]


def public():
    return [[[30, 9, 20], 4], [[2, 1, 0], 5]]


def private(rng):
    n = 2 * 10**4
    return [
        [[0], 1],
        [[3], 1],
        [[10**9], 10**5],
        [[5, 5, 5, 5], 3],
        [[10**9, 1], 60],
        [[rng.randint(0, 1000) for _ in range(100)], 500],
        [[rng.randint(0, 10**9) for _ in range(n)], 10**5],
        [[10**9] * n, 10**5],
        [[rng.randint(0, 10) for _ in range(n)], 10**5],
    ]


def valid(inp):
    v, k = inp
    assert 1 <= len(v) <= 10**5
    assert all(isinstance(x, int) and 0 <= x <= 10**9 for x in v)
    assert 1 <= k <= 10**5
