ID = "area-covered-exactly-k"
TITLE = "Area Covered Exactly K Times"
FUNC = "areaExactlyK"
SIGNATURE = "def areaExactlyK(self, rects: List[List[int]], k: int) -> int:"

BODY = r"""
Each element [x1, y1, x2, y2] of rects describes an axis-parallel rectangle on the plane by two opposite corners (x1, y1) and (x2, y2). The corners may be given in any order: x1 may be greater than x2, and y1 may be greater than y2. A rectangle with x1 == x2 or y1 == y2 has zero area.

Return the total area of the part of the plane that lies inside exactly k of the rectangles. Rectangles that only touch along an edge or at a corner do not overlap (a shared boundary has zero area). Identical rectangles given several times count several times.
"""

EXPLAIN = [
    "The two 4 x 4 squares overlap in a 2 x 2 square, which is covered twice. The area covered exactly once is 16 + 16 - 2 * 4 = 24.",
    "The first two squares only touch along the line x = 2. The third square overlaps each of them in a 1 x 1 square, so the area covered exactly twice is 2.",
]

CONSTRAINTS = r"""
1 <= rects.length <= 50
rects[i].length == 4
0 <= x1, y1, x2, y2 <= 100
1 <= k <= 50
"""

REF = r"""
class Solution:
    def areaExactlyK(self, rects: List[List[int]], k: int) -> int:
        boxes = []
        for x1, y1, x2, y2 in rects:
            a, b = min(x1, x2), max(x1, x2)
            c, d = min(y1, y2), max(y1, y2)
            if a < b and c < d:
                boxes.append((a, b, c, d))
        xs = sorted({v for bx in boxes for v in bx[:2]})
        ys = sorted({v for bx in boxes for v in bx[2:]})
        total = 0
        for i in range(len(xs) - 1):
            for j in range(len(ys) - 1):
                cnt = 0
                for a, b, c, d in boxes:
                    if a <= xs[i] and xs[i + 1] <= b and c <= ys[j] and ys[j + 1] <= d:
                        cnt += 1
                if cnt == k:
                    total += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j])
        return total
"""

BRUTE = r"""
class Solution:
    def areaExactlyK(self, rects: List[List[int]], k: int) -> int:
        cover = [[0] * 100 for _ in range(100)]
        for x1, y1, x2, y2 in rects:
            for x in range(min(x1, x2), max(x1, x2)):
                for y in range(min(y1, y2), max(y1, y2)):
                    cover[x][y] += 1      # unit square [x, x+1] x [y, y+1]
        return sum(1 for x in range(100) for y in range(100) if cover[x][y] == k)
"""


def rect(rng, hi=100, maxside=None):
    x1, y1 = rng.randint(0, hi), rng.randint(0, hi)
    if maxside is None:
        x2, y2 = rng.randint(0, hi), rng.randint(0, hi)
    else:
        x2 = min(hi, max(0, x1 + rng.randint(-maxside, maxside)))
        y2 = min(hi, max(0, y1 + rng.randint(-maxside, maxside)))
    if rng.random() < 0.1:
        x2 = x1
    return [x1, y1, x2, y2]


def small(rng):
    hi = rng.choice([4, 8, 20, 100])
    n = rng.randint(1, 6)
    rs = [rect(rng, hi) for _ in range(n)]
    if rng.random() < 0.3:
        rs.append(list(rng.choice(rs)))
    k = rng.randint(1, min(50, len(rs) + 1))
    return [rs, k]


def public():
    return [[[[0, 0, 4, 4], [2, 2, 6, 6]], 1], [[[0, 0, 2, 2], [2, 0, 4, 2], [1, 1, 3, 3]], 2]]


def private(rng):
    return [
        [[[5, 5, 1, 1], [1, 5, 5, 1]], 2],                  # corners in any order, the same square twice
        [[[5, 5, 1, 1], [1, 5, 5, 1]], 1],                  # nothing covered exactly once
        [[[3, 0, 3, 9], [0, 4, 9, 4], [0, 0, 2, 2]], 1],    # zero-area rectangles
        [[[0, 0, 1, 1], [1, 1, 2, 2], [1, 0, 2, 1]], 2],    # only touching
        [[[0, 0, 100, 100]] * 3 + [[10, 10, 20, 20]], 3],
        [[[0, 0, 10, 10]], 50],
        [[rect(rng) for _ in range(50)], 3],
        [[rect(rng, 100, 30) for _ in range(50)], 1],
        [[rect(rng, 100, 40) for _ in range(40)], rng.randint(1, 4)],
    ]


def valid(inp):
    rects, k = inp
    assert 1 <= len(rects) <= 50
    for r in rects:
        assert len(r) == 4 and all(isinstance(v, int) and 0 <= v <= 100 for v in r)
    assert isinstance(k, int) and 1 <= k <= 50
