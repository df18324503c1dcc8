ID = "ring-garden-harvest"
TITLE = "Ring Garden Harvest"
FUNC = "maxHarvest"
SIGNATURE = "def maxHarvest(self, beds: List[int]) -> int:"

BODY = r"""
A round garden has n flower beds arranged in a circle, numbered 0 to n - 1; bed i is next to bed i + 1 for every i, and bed n - 1 is also next to bed 0. Harvesting bed i changes your profit by beds[i], which may be negative.

You choose any set of beds to harvest (possibly none), with one rule: there must be no three beds in a row around the circle that are all harvested. Formally, for every i from 0 to n - 1, the beds i, (i + 1) mod n and (i + 2) mod n must not all be harvested.

Return the maximum possible total profit, which is the sum of beds[i] over the harvested beds. Harvesting nothing gives a profit of 0.
"""

EXPLAIN = [
    "Harvest beds 0, 1, 3 and 4 for 5 + 5 + 5 + 5 = 20. No three harvested beds are in a row, since beds 2 and 5 are skipped. Harvesting all four 5s and anything else would create three in a row.",
    "Beds 2, 3 and 4 cannot all be harvested. Harvesting beds 0, 2 and 3 gives 4 + 7 + 7 = 18. Beds 3, 4 and 0 may not all be harvested either, because bed 0 comes after bed 4 around the circle.",
]

CONSTRAINTS = r"""
3 <= beds.length <= 10^5
-10^4 <= beds[i] <= 10^4
"""

REF = r"""
class Solution:
    def maxHarvest(self, beds: List[int]) -> int:
        n = len(beds)
        NEG = float("-inf")
        best = 0
        for a in (0, 1):
            for b in (0, 1):
                # run = number of harvested beds at the end of the prefix (0, 1 or 2)
                dp = [NEG, NEG, NEG]
                run = 2 if (a and b) else (1 if b else 0)
                dp[run] = a * beds[0] + b * beds[1]
                for i in range(2, n):
                    v = beds[i]
                    skip = max(dp)
                    take1 = dp[0] + v
                    take2 = dp[1] + v
                    dp = [skip, take1, take2]
                for r in range(3):
                    if dp[r] == NEG:
                        continue
                    if r == 2 and a:
                        continue
                    if r >= 1 and a and b:
                        continue
                    best = max(best, dp[r])
        return int(best)
"""

BRUTE = r"""
class Solution:
    def maxHarvest(self, beds: List[int]) -> int:
        n = len(beds)
        best = 0
        for mask in range(1 << n):
            ok = True
            for i in range(n):
                if all(mask >> ((i + d) % n) & 1 for d in range(3)):
                    ok = False
                    break
            if ok:
                best = max(best, sum(beds[i] for i in range(n) if mask >> i & 1))
        return best
"""


def small(rng):
    n = rng.randint(3, 11)
    kind = rng.random()
    if kind < 0.2:
        return [[rng.randint(1, 5) for _ in range(n)]]
    if kind < 0.3:
        return [[rng.randint(-5, -1) for _ in range(n)]]
    if kind < 0.4:
        return [[rng.choice([0, 3]) for _ in range(n)]]
    return [[rng.randint(-6, 8) for _ in range(n)]]


def public():
    return [[[5, 5, 1, 5, 5, 1]], [[4, -2, 7, 7, 7]]]


def private(rng):
    big = 6000
    return [
        [[1, 1, 1]],
        [[-3, -1, -2]],
        [[10, 10, 10, 10]],
        [[0, 0, 0, 0, 0, 0, 0]],
        [[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]],
        [[9, -1, 9, -1, -10, 9, 9]],
        [[rng.randint(1, 10**4) for _ in range(big)]],
        [[rng.randint(-10**4, 10**4) for _ in range(big)]],
        [[rng.choice([10**4, 10**4, -1]) for _ in range(4001)]],
    ]


def valid(inp):
    (beds,) = inp
    assert 3 <= len(beds) <= 10**5
    assert all(isinstance(x, int) and -10**4 <= x <= 10**4 for x in beds)
