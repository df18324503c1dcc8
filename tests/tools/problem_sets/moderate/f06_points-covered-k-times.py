ID = "points-covered-k-times"
TITLE = "Points Covered at Least K Times"
FUNC = "coveredRanges"
SIGNATURE = "def coveredRanges(self, intervals: List[List[int]], k: int) -> List[List[int]]:"

BODY = r"""
You are given a list of intervals, where intervals[i] = [l, r] with l <= r covers every integer point x with l <= x <= r (both ends included), and an integer k. The intervals are in no particular order and may overlap, nest or repeat.

An integer point is heavy when at least k of the intervals cover it.

Return the heavy points grouped into maximal ranges of consecutive integers: a list of pairs [a, b] (a <= b) such that every integer from a to b is heavy, a - 1 is not heavy and b + 1 is not heavy. Sort the pairs by a in increasing order. Note that two heavy points x and x + 1 belong to the same range even if they are covered by different intervals (for example, with k = 1 the intervals [1, 3] and [4, 6] give the single range [1, 6]). A range may consist of a single point, [a, a]. If no point is heavy, return an empty list.
"""

EXPLAIN = [
    "Point 2 is covered by [1, 5] and [2, 2], points 3, 4 and 5 by [1, 5] and [3, 7], and point 9 by [8, 9] and [9, 12]; every other point is covered at most once.",
    "No point is covered by three intervals.",
]

CONSTRAINTS = r"""
1 <= intervals.length <= 100
0 <= l <= r <= 1000
1 <= k <= 100
"""

REF = r"""
class Solution:
    def coveredRanges(self, intervals: List[List[int]], k: int) -> List[List[int]]:
        diff = [0] * 1003
        for l, r in intervals:
            diff[l] += 1
            diff[r + 1] -= 1
        res = []
        cover = 0
        start = -1
        for x in range(1002):
            cover += diff[x]
            if cover >= k:
                if start == -1:
                    start = x
            elif start != -1:
                res.append([start, x - 1])
                start = -1
        return res
"""

BRUTE = r"""
class Solution:
    def coveredRanges(self, intervals: List[List[int]], k: int) -> List[List[int]]:
        heavy = []
        for x in range(0, 1001):
            c = sum(1 for l, r in intervals if l <= x <= r)
            if c >= k:
                heavy.append(x)
        res = []
        for x in heavy:
            if res and res[-1][1] == x - 1:
                res[-1][1] = x
            else:
                res.append([x, x])
        return res
"""


def rand_interval(rng, hi, maxlen):
    l = rng.randint(0, hi)
    r = min(1000, l + rng.randint(0, maxlen))
    return [l, r]


def small(rng):
    m = rng.randint(1, 6)
    if rng.random() < 0.2:
        ivs = [rand_interval(rng, 996, 4) for _ in range(m)]
        ivs += [[1000, 1000]] if rng.random() < 0.5 else [[995, 1000]]
    else:
        hi = rng.choice([5, 10, 20])
        ivs = [rand_interval(rng, hi, rng.choice([0, 2, 5])) for _ in range(m)]
    k = rng.randint(1, 4) if rng.random() < 0.9 else rng.randint(1, 100)
    return [ivs, k]


def public():
    return [[[[1, 5], [3, 7], [8, 9], [9, 12], [2, 2]], 2], [[[0, 4], [2, 6]], 3]]


def private(rng):
    big = [rand_interval(rng, 1000, 60) for _ in range(100)]
    return [
        [[[7, 7]], 1],
        [[[1, 3], [4, 6], [10, 10]], 1],
        [[[0, 10], [0, 10], [5, 5]], 3],
        [[[1, 4], [4, 8], [2, 2], [8, 9]], 2],
        [[[0, 1000], [500, 1000], [1000, 1000]], 2],
        [[[2, 5], [6, 9], [2, 9]], 2],
        [[[0, 0], [0, 0]], 100],
        [big, 3],
        [[rand_interval(rng, 100, 10) for _ in range(100)], 2],
        [[rand_interval(rng, 1000, 1000) for _ in range(100)], 40],
    ]


def valid(inp):
    intervals, k = inp
    assert 1 <= len(intervals) <= 100 and 1 <= k <= 100
    for iv in intervals:
        assert len(iv) == 2 and 0 <= iv[0] <= iv[1] <= 1000
