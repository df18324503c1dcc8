ID = "first-crowded-departure"
TITLE = "First Crowded Departure Minute"
FUNC = "firstCrowdedMinute"
SIGNATURE = "def firstCrowdedMinute(self, first: List[int], period: List[int], k: int, limit: int) -> str:"

BODY = r"""
A bus station has n buses. Time is measured in whole minutes from the start of day 0 (minute 0 is 00:00 on day 0, and a day has 1440 minutes). Bus i departs at minutes first[i], first[i] + period[i], first[i] + 2 * period[i], and so on, forever; it never departs before minute first[i].

Find the earliest minute t with 0 <= t <= limit (both ends included) at which at least k different buses depart. Return it as a string "D HH:MM", where D is the day number t // 1440 written in decimal without leading zeros, and HH and MM are the hour and the minute of t within that day, each written with exactly two digits. If there is no such minute, return "NONE".
"""

EXPLAIN = [
    "Bus 0 departs at 5, 11, 17, ...; bus 1 at 3, 7, 11, .... Both depart at minute 11, which is 00:11 on day 0.",
    "Bus 0 departs at 1000, 1010, 1020, ... and bus 1 at 1440, 1450, .... They first depart together at minute 1440, which is 00:00 on day 1.",
]

CONSTRAINTS = r"""
1 <= n == first.length == period.length <= 10
0 <= first[i] <= 10^4
1 <= period[i] <= 10^4
1 <= k <= n
0 <= limit <= 10^5
"""

REF = r"""
class Solution:
    def firstCrowdedMinute(self, first: List[int], period: List[int], k: int, limit: int) -> str:
        count = {}
        for f, p in zip(first, period):
            t = f
            while t <= limit:
                count[t] = count.get(t, 0) + 1
                t += p
        times = [t for t, c in count.items() if c >= k]
        if not times:
            return "NONE"
        t = min(times)
        day, rest = divmod(t, 1440)
        return "%d %02d:%02d" % (day, rest // 60, rest % 60)
"""

BRUTE = r"""
class Solution:
    def firstCrowdedMinute(self, first: List[int], period: List[int], k: int, limit: int) -> str:
        for t in range(limit + 1):
            here = 0
            for f, p in zip(first, period):
                if t >= f and (t - f) % p == 0:
                    here += 1
            if here >= k:
                day = t // 1440
                hh = (t % 1440) // 60
                mm = t % 60
                return str(day) + " " + str(hh).rjust(2, "0") + ":" + str(mm).rjust(2, "0")
        return "NONE"
"""


def small(rng):
    n = rng.randint(1, 5)
    hi = rng.choice([5, 30, 300])
    first = [rng.randint(0, hi) for _ in range(n)]
    period = [rng.randint(1, rng.choice([3, 10, 60])) for _ in range(n)]
    k = rng.randint(1, n)
    limit = rng.choice([0, rng.randint(0, 100), rng.randint(0, 3000)])
    return [first, period, k, limit]


def public():
    return [[[5, 3], [6, 4], 2, 100], [[1000, 1440], [10, 10], 2, 5000]]


def private(rng):
    return [
        [[0], [7], 1, 0],                              # minute 0
        [[60, 30], [5, 7], 2, 30],                     # bus 0 starts after limit: NONE
        [[10, 4], [6, 3], 2, 10],                      # they meet exactly at the limit
        [[10, 4], [6, 3], 2, 9],                       # ... and one minute too late
        [[100, 200, 300], [2, 2, 2], 3, 100000],       # 300 = 0 05:00
        [[0, 1], [2, 2], 2, 100000],                   # never together: NONE
        [[9999, 10000, 7], [10000, 9999, 9973], 2, 100000],
        [[rng.randint(0, 10**4) for _ in range(10)], [rng.randint(100, 3000) for _ in range(10)], 2, 10**5],
        [[rng.randint(0, 300) for _ in range(10)], [rng.randint(1, 60) for _ in range(10)], 4, 10**5],
        [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], 5, 10**5],     # all five first meet at 59
    ]


def valid(inp):
    first, period, k, limit = inp
    n = len(first)
    assert 1 <= n <= 10 and len(period) == n
    assert all(isinstance(v, int) and 0 <= v <= 10**4 for v in first)
    assert all(isinstance(v, int) and 1 <= v <= 10**4 for v in period)
    assert isinstance(k, int) and 1 <= k <= n
    assert isinstance(limit, int) and 0 <= limit <= 10**5
