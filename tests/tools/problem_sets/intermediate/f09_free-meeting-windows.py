ID = "free-meeting-windows"
TITLE = "Free Meeting Windows"
FUNC = "freeWindows"
SIGNATURE = "def freeWindows(self, dayStart: int, dayEnd: int, busy: List[List[int]], need: int) -> List[List[int]]:"

BODY = r"""
A calendar counts time in minutes. The working day lasts from minute dayStart to minute dayEnd. Each busy[i] = [s, e] is an appointment that occupies the time from minute s up to minute e (the half-open range s <= t < e, so an appointment ending at 30 and one starting at 30 leave no gap between them). Appointments may overlap each other and may reach outside the working day.

A free window is a maximal stretch [x, y] of the working day, with x < y, not covered by any appointment. Return the free windows that last at least need minutes (y - x >= need), as a list of [x, y] pairs sorted by x.
"""

EXPLAIN = [
    "The day 480..1020 is busy during 450..540, 600..690 and 700..720. The free windows are [540, 600], [690, 700] and [720, 1020]; [690, 700] is shorter than 30 minutes.",
    "The appointments cover the whole day, so there is no free window.",
]

CONSTRAINTS = r"""
0 <= dayStart < dayEnd <= 1440
0 <= busy.length <= 1000
0 <= busy[i][0] < busy[i][1] <= 1440
1 <= need <= 1440
"""

REF = r"""
class Solution:
    def freeWindows(self, dayStart: int, dayEnd: int, busy: List[List[int]], need: int) -> List[List[int]]:
        result = []
        cur = dayStart
        for s, e in sorted(busy):
            s, e = max(s, dayStart), min(e, dayEnd)
            if s >= e:
                continue
            if s > cur and s - cur >= need:
                result.append([cur, s])
            cur = max(cur, e)
        if dayEnd > cur and dayEnd - cur >= need:
            result.append([cur, dayEnd])
        return result
"""

BRUTE = r"""
class Solution:
    def freeWindows(self, dayStart: int, dayEnd: int, busy: List[List[int]], need: int) -> List[List[int]]:
        # minute t (the range t..t+1) is free if no appointment covers it
        free = [True] * 1441
        for s, e in busy:
            for t in range(s, e):
                free[t] = False
        windows = []
        t = dayStart
        while t < dayEnd:
            if not free[t]:
                t += 1
                continue
            start = t
            while t < dayEnd and free[t]:
                t += 1
            windows.append([start, t])
        return [w for w in windows if w[1] - w[0] >= need]
"""


def rand_busy(rng, n, lo, hi, maxlen):
    out = []
    for _ in range(n):
        s = rng.randint(lo, hi - 1)
        e = rng.randint(s + 1, min(hi, s + maxlen))
        out.append([s, e])
    return out


def small(rng):
    ds = rng.randint(0, 30)
    de = rng.randint(ds + 1, 40)
    return [ds, de, rand_busy(rng, rng.randint(0, 5), 0, 45, 12), rng.randint(1, 8)]


def public():
    return [
        [480, 1020, [[600, 690], [450, 540], [700, 720]], 30],
        [0, 100, [[0, 60], [50, 100]], 1],
    ]


def private(rng):
    return [
        [0, 1, [], 1],
        [0, 1440, [], 1440],
        [0, 1440, [[1, 1440]], 1],
        [100, 200, [[0, 100], [200, 300]], 100],
        [100, 200, [[0, 101], [150, 150 + 1], [199, 1440]], 1],
        [10, 20, [[0, 5], [30, 40], [12, 12 + 2], [12, 13]], 2],
        [0, 1440, [[t, t + 1] for t in range(0, 1440, 2)], 1],
        [300, 1300, rand_busy(rng, 1000, 0, 1440, 3), 2],
        [0, 1440, rand_busy(rng, 60, 0, 1440, 15), 5],
    ]


def valid(inp):
    ds, de, busy, need = inp
    assert 0 <= ds < de <= 1440
    assert len(busy) <= 1000
    for s, e in busy:
        assert 0 <= s < e <= 1440
    assert 1 <= need <= 1440
