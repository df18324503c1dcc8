ID = "best-free-hub-point"
TITLE = "Best Free Hub Point"
FUNC = "bestHub"
SIGNATURE = "def bestHub(self, houses: List[List[int]]) -> List[int]:"

BODY = r"""
houses[i] = [xi, yi] is the location of a house on the integer grid; several houses may stand at the same point. You must place a delivery hub at an integer point (x, y) with 0 <= x <= 50 and 0 <= y <= 50 that is not the location of any house.

The cost of a hub at (x, y) is the sum over all houses of the Manhattan distance |x - xi| + |y - yi| (a point holding several houses counts once per house). Return [x, y] of a hub with the smallest cost. If several points have the smallest cost, return the one with the smallest x, and among those the one with the smallest y.
"""

EXPLAIN = [
    "Every point with 1 <= x <= 3 and 1 <= y <= 3 costs 4. (1, 1) holds a house, so the answer is (1, 2).",
    "(2, 2) would cost only 2 but holds houses. (1, 2) costs 1 + 1 + 1 + 1 = 4; every other free point costs more.",
]

CONSTRAINTS = r"""
1 <= houses.length <= 100
houses[i].length == 2
0 <= xi, yi <= 50
"""

REF = r"""
class Solution:
    def bestHub(self, houses: List[List[int]]) -> List[int]:
        taken = {(x, y) for x, y in houses}
        # the cost splits into a part that depends only on x and one that depends only on y
        fx = [sum(abs(x - hx) for hx, _ in houses) for x in range(51)]
        fy = [sum(abs(y - hy) for _, hy in houses) for y in range(51)]
        best = None
        for x in range(51):
            for y in range(51):
                if (x, y) in taken:
                    continue
                cost = fx[x] + fy[y]
                if best is None or cost < best[0]:
                    best = (cost, x, y)
        return [best[1], best[2]]
"""

BRUTE = r"""
class Solution:
    def bestHub(self, houses: List[List[int]]) -> List[int]:
        options = []
        for x in range(51):
            for y in range(51):
                if [x, y] in houses:
                    continue
                cost = 0
                for hx, hy in houses:
                    cost += abs(x - hx) + abs(y - hy)
                options.append((cost, x, y))
        cost, x, y = min(options)
        return [x, y]
"""


def small(rng):
    n = rng.randint(1, 8)
    r = rng.random()
    if r < 0.3:
        cx, cy = rng.randint(0, 50), rng.randint(0, 50)
        pts = [[min(50, max(0, cx + rng.randint(-1, 1))), min(50, max(0, cy + rng.randint(-1, 1)))] for _ in range(n)]
    elif r < 0.5:
        pts = [[rng.choice([0, 50]), rng.choice([0, 50])] for _ in range(n)]
    else:
        pts = [[rng.randint(0, 50), rng.randint(0, 50)] for _ in range(n)]
    return [pts]


def public():
    return [[[[1, 1], [3, 3]]], [[[2, 2], [2, 2], [2, 2], [0, 2]]]]


def private(rng):
    block = [[x, y] for x in range(20, 23) for y in range(30, 33)]
    return [
        [[[0, 0]]],                                  # single house in a corner
        [[[50, 50], [50, 50]]],
        [[[7, 9]] * 5],                              # all houses at one point
        [block + [[21, 31]] * 3],                    # the whole best area is taken
        [[[10, 10], [10, 20], [20, 10], [20, 20]]],  # large tie area
        [[[25, 0], [25, 50], [0, 25], [50, 25], [25, 25]]],
        [[[rng.randint(0, 50), rng.randint(0, 50)] for _ in range(100)]],
        [[[rng.randint(20, 24), rng.randint(20, 24)] for _ in range(100)]],
    ]


def valid(inp):
    (houses,) = inp
    assert 1 <= len(houses) <= 100
    for h in houses:
        assert len(h) == 2 and all(isinstance(v, int) and 0 <= v <= 50 for v in h)
