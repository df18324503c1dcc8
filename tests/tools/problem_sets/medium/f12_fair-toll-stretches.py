ID = "fair-toll-stretches"
TITLE = "Fair Toll Stretches"
FUNC = "countFairStretches"
SIGNATURE = "def countFairStretches(self, tolls: List[int], k: int) -> int:"

BODY = r"""
A highway is divided into n consecutive segments; driving segment i changes a driver's balance by tolls[i] (a negative value is a refund). A stretch is a non-empty run of consecutive segments tolls[i..j] with 0 <= i <= j < n. Every segment of a stretch also carries a fixed fee of 1, so the stretch is called fair when

(tolls[i] + tolls[i + 1] + ... + tolls[j]) - (j - i + 1)

is divisible by k (0 is divisible by every k; so are negative multiples of k).

Return the number of fair stretches.
"""

EXPLAIN = [
    "After subtracting the fee of 1 per segment the values are [2, -1, 0, 3]. The stretches whose adjusted sum is divisible by 3 are tolls[2..2] (0), tolls[2..3] (3) and tolls[3..3] (3).",
    "Every adjusted value is 1 - 1 = 0, so all 6 stretches have adjusted sum 0, which is divisible by 5.",
]

CONSTRAINTS = r"""
1 <= tolls.length <= 3 * 10^4
-10^4 <= tolls[i] <= 10^4
1 <= k <= 10^9
"""

REF = r"""
class Solution:
    def countFairStretches(self, tolls: List[int], k: int) -> int:
        seen = {0: 1}
        run = 0
        total = 0
        for x in tolls:
            run = (run + x - 1) % k
            c = seen.get(run, 0)
            total += c
            seen[run] = c + 1
        return total
"""

BRUTE = r"""
class Solution:
    def countFairStretches(self, tolls: List[int], k: int) -> int:
        n = len(tolls)
        total = 0
        for i in range(n):
            for j in range(i, n):
                value = sum(tolls[i:j + 1]) - (j - i + 1)
                if value % k == 0:
                    total += 1
        return total
"""


def small(rng):
    n = rng.randint(1, 10)
    lo, hi = rng.choice([(1, 1), (-3, 3), (-10**4, 10**4), (0, 5)])
    k = rng.choice([1, 2, 3, 4, 5, 7, rng.randint(1, 30), 10**9])
    return [[rng.randint(lo, hi) for _ in range(n)], k]


def public():
    return [[[3, 0, 1, 4], 3], [[1, 1, 1], 5]]


def private(rng):
    return [
        [[5], 4],
        [[5], 2],
        [[-10**4] * 8, 10**9],
        [[rng.randint(-10**4, 10**4) for _ in range(30)], 1],
        [[rng.randint(-10**4, 10**4) for _ in range(6000)], 6],
        [[rng.randint(-9, 9) for _ in range(12000)], 1000],
        [[1] * 10000, 3],
        [[rng.choice([-2, 4]) for _ in range(40)], 3],
    ]


def valid(inp):
    a, k = inp
    assert 1 <= len(a) <= 3 * 10**4
    assert all(isinstance(x, int) and -10**4 <= x <= 10**4 for x in a)
    assert isinstance(k, int) and 1 <= k <= 10**9
