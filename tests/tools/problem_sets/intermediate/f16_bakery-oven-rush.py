ID = "bakery-oven-rush"
TITLE = "Bakery Oven Rush"
FUNC = "earliestMinute"
SIGNATURE = "def earliestMinute(self, warmup: List[int], bake: List[int], m: int) -> int:"

BODY = r"""
A bakery switches on all its ovens at minute 0. Oven i first needs warmup[i] minutes to heat up, and after that it finishes one loaf every bake[i] minutes: its loaves are ready at minutes warmup[i] + bake[i], warmup[i] + 2 * bake[i], and so on. All ovens work at the same time.

Return the earliest minute at which at least m loaves are ready in total.
"""

EXPLAIN = [
    "Oven 0 has loaves ready at minutes 3, 6, 9, ...; oven 1 at 5, 7, 9, .... By minute 7 there are 2 + 2 = 4 loaves; by minute 6 only 3.",
    "One oven alone: its m-th loaf is ready at 10^9 + 5 * 10^9.",
]

CONSTRAINTS = r"""
1 <= warmup.length == bake.length <= 10^4
0 <= warmup[i] <= 10^9
1 <= bake[i] <= 10^9
1 <= m <= 10^9
"""

REF = r"""
class Solution:
    def earliestMinute(self, warmup: List[int], bake: List[int], m: int) -> int:
        pairs = list(zip(warmup, bake))

        def ready(t):
            total = 0
            for w, b in pairs:
                if t > w:
                    total += (t - w) // b
            return total

        lo, hi = 0, min(w + m * b for w, b in pairs)
        while lo < hi:
            mid = (lo + hi) // 2
            if ready(mid) >= m:
                hi = mid
            else:
                lo = mid + 1
        return lo
"""

BRUTE = r"""
class Solution:
    def earliestMinute(self, warmup: List[int], bake: List[int], m: int) -> int:
        minute = 0
        while True:
            done = 0
            for w, b in zip(warmup, bake):
                t = w + b
                while t <= minute:
                    done += 1
                    t += b
            if done >= m:
                return minute
            minute += 1
"""


def small(rng):
    n = rng.randint(1, 4)
    return [[rng.randint(0, 6) for _ in range(n)], [rng.randint(1, 5) for _ in range(n)], rng.randint(1, 10)]


def public():
    return [[[0, 3], [3, 2], 4], [[10**9], [5], 10**9]]


def private(rng):
    n = 10**4
    return [
        [[0], [1], 1],
        [[0], [10**9], 10**9],
        [[5, 0], [1, 100], 1],
        [[0, 0, 0], [2, 3, 6], 6],
        [[10**9] * 3, [10**9] * 3, 4],
        [[rng.randint(0, 10**9) for _ in range(n)], [rng.randint(1, 10**9) for _ in range(n)], 10**9],
        [[rng.randint(0, 100) for _ in range(n)], [rng.randint(1, 100) for _ in range(n)], 10**9],
        [[0] * n, [1] * n, 10**9],
        [[rng.randint(0, 50) for _ in range(30)], [rng.randint(1, 20) for _ in range(30)], 500],
    ]


def valid(inp):
    warmup, bake, m = inp
    assert 1 <= len(warmup) <= 10**4 and len(bake) == len(warmup)
    assert all(isinstance(x, int) and 0 <= x <= 10**9 for x in warmup)
    assert all(isinstance(x, int) and 1 <= x <= 10**9 for x in bake)
    assert 1 <= m <= 10**9
