ID = "desert-rally-refuels"
TITLE = "Desert Rally Refuels"
FUNC = "minRefuels"
SIGNATURE = "def minRefuels(self, target: int, startFuel: int, depots: List[List[int]]) -> int:"

BODY = r"""
A rally car starts at kilometre 0 of a straight desert track and must reach kilometre target. It starts with startFuel litres in its tank and burns exactly one litre per kilometre; its tank has no upper limit. Along the track there are fuel depots: depots[i] = [position_i, fuel_i] means that the depot at kilometre position_i holds fuel_i litres.

The car can reach a point as long as the fuel it has is at least the distance to it (arriving with an empty tank is allowed, both at a depot and at the target). When the car reaches a depot it may stop there; a stop transfers all fuel_i litres of that depot into the tank. The car only drives forward.

Return the minimum number of stops needed to reach kilometre target, or -1 if the target cannot be reached.
"""

EXPLAIN = [
    "With 10 litres the car reaches only the depot at kilometre 10, and it must stop there: with 50 more litres it can get as far as kilometre 60. Stopping at kilometre 60 adds 40 litres, exactly enough for the remaining 40 kilometres. So 2 stops are needed, and 2 suffice.",
    "The car runs dry at kilometre 5, before the only depot.",
]

CONSTRAINTS = r"""
1 <= target, startFuel <= 10^9
0 <= depots.length <= 5000
0 < position_0 < position_1 < ... < position_{depots.length - 1} < target
1 <= fuel_i <= 10^9
"""

REF = r"""
import heapq

class Solution:
    def minRefuels(self, target: int, startFuel: int, depots: List[List[int]]) -> int:
        heap = []
        reach = startFuel
        stops = 0
        i = 0
        n = len(depots)
        while reach < target:
            while i < n and depots[i][0] <= reach:
                heapq.heappush(heap, -depots[i][1])
                i += 1
            if not heap:
                return -1
            reach += -heapq.heappop(heap)
            stops += 1
        return stops
"""

BRUTE = r"""
from itertools import combinations

class Solution:
    def minRefuels(self, target: int, startFuel: int, depots: List[List[int]]) -> int:
        n = len(depots)
        for size in range(n + 1):
            for chosen in combinations(range(n), size):
                fuel, pos, ok = startFuel, 0, True
                for idx in chosen:
                    p, f = depots[idx]
                    fuel -= p - pos
                    if fuel < 0:
                        ok = False
                        break
                    fuel += f
                    pos = p
                if ok and fuel >= target - pos:
                    return size
        return -1
"""


def gen(rng, n, target, fmax):
    pos = sorted(rng.sample(range(1, target), min(n, target - 1)))
    return [[p, rng.randint(1, fmax)] for p in pos]


def small(rng):
    target = rng.randint(1, 40)
    n = rng.randint(0, min(7, target - 1))
    depots = gen(rng, n, target, rng.choice([3, 10, 40]))
    return [target, rng.randint(1, 25), depots]


def public():
    return [[100, 10, [[10, 50], [20, 30], [60, 40]]], [100, 5, [[10, 1000]]]]


def private(rng):
    return [
        [1, 1, []],
        [50, 49, []],
        [10**9, 10**9, [[1, 1]]],
        [100, 10, [[10, 1], [11, 89]]],
        [100, 25, [[10, 75], [25, 5]]],
        [100, 10, [[10, 60], [20, 5], [70, 30], [90, 1]]],
        [10**6, 1000, gen(rng, 3000, 10**6, 1200)],
        [10**6, 500, gen(rng, 3000, 10**6, 10**4)],
        [10**9, 10**8, [[k * 10**8, 10**8 - 1 + (k == 5)] for k in range(1, 10)]],
        [60, 7, gen(rng, 20, 60, 12)],
    ]


def valid(inp):
    target, start, depots = inp
    assert isinstance(target, int) and isinstance(start, int)
    assert 1 <= target <= 10**9 and 1 <= start <= 10**9
    assert 0 <= len(depots) <= 5000
    prev = 0
    for d in depots:
        assert isinstance(d, list) and len(d) == 2 and all(isinstance(x, int) for x in d)
        assert prev < d[0] < target and 1 <= d[1] <= 10**9
        prev = d[0]
