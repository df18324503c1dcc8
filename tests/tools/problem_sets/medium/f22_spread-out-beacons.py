ID = "spread-out-beacons"
TITLE = "Spread-Out Beacons"
FUNC = "maxMinGap"
SIGNATURE = "def maxMinGap(self, spots: List[int], k: int) -> int:"

BODY = r"""
Along a straight coastal road there are n mounting spots; spot i is at kilometre spots[i]. The list is not sorted, and several spots may be at the same kilometre (they are still different spots).

You must mount exactly k beacons, each on a different spot (so k different indices i are chosen). To keep the signals from interfering, you want the beacons as spread out as possible: the gap of a choice is the smallest distance |spots[i] - spots[j]| over all pairs of different chosen spots i and j.

Return the largest possible gap over all ways to choose k of the n spots.
"""

EXPLAIN = [
    "Sorted, the spots are at 1, 2, 4, 8, 9. Choosing the spots at 1, 4 and 8 (or 1, 4 and 9) gives a gap of 3. No choice of three spots has all pairwise distances at least 4.",
    "The only different kilometres are 1, 7 and 20, so the best choice takes one spot at each of them, with a gap of 6. Taking two of the spots at kilometre 7 would give a gap of 0.",
]

CONSTRAINTS = r"""
2 <= k <= spots.length <= 10^5
0 <= spots[i] <= 10^9
"""

REF = r"""
class Solution:
    def maxMinGap(self, spots: List[int], k: int) -> int:
        a = sorted(spots)

        def fits(gap):
            count, last = 1, a[0]
            for x in a[1:]:
                if x - last >= gap:
                    count += 1
                    last = x
                    if count >= k:
                        return True
            return count >= k

        lo, hi = 0, (a[-1] - a[0]) // (k - 1)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fits(mid):
                lo = mid
            else:
                hi = mid - 1
        return lo
"""

BRUTE = r"""
import itertools

class Solution:
    def maxMinGap(self, spots: List[int], k: int) -> int:
        best = -1
        for chosen in itertools.combinations(range(len(spots)), k):
            gap = min(abs(spots[i] - spots[j]) for i, j in itertools.combinations(chosen, 2))
            best = max(best, gap)
        return best
"""


def small(rng):
    n = rng.randint(2, 9)
    hi = rng.choice([0, 3, 10, 40, 10**9])
    spots = [rng.randint(0, hi) for _ in range(n)]
    if rng.random() < 0.2:
        spots = [spots[0]] * n
    return [spots, rng.randint(2, n)]


def public():
    return [[[9, 1, 4, 2, 8], 3], [[7, 20, 7, 1, 7], 3]]


def private(rng):
    wide = [rng.randint(0, 10**9) for _ in range(3000)]
    return [
        [[0, 10**9], 2],
        [[5, 5], 2],
        [[3, 3, 3, 3, 3, 3], 4],
        [[4, 0, 4, 2, 1, 3], 5],
        [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10],
        [wide, 2],
        [wide[:2000], 137],
        [[rng.randint(0, 10**9) for _ in range(2500)], 2000],
        [[rng.randint(0, 50) for _ in range(2000)] + [10**9], 40],
    ]


def valid(inp):
    spots, k = inp
    assert 2 <= k <= len(spots) <= 10**5
    assert all(isinstance(x, int) and 0 <= x <= 10**9 for x in spots)
