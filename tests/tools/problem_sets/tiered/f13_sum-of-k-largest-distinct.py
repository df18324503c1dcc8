# Tier B: two or three steps.
ID = "sum-of-k-largest-distinct"
TITLE = "Sum of the K Largest Distinct Values"
FUNC = "sumTopDistinct"
SIGNATURE = "def sumTopDistinct(self, nums: List[int], k: int) -> int:"

BODY = r"""
You are given an integer array nums and a positive integer k.

Consider the different values of nums (a value that occurs several times is taken once). Return the sum of the k largest of these different values. If nums has fewer than k different values, return the sum of all of its different values.
"""

EXPLAIN = [
    "The different values are 9, 7, 4 and 1; the three largest are 9, 7 and 4, and 9 + 7 + 4 = 20.",
    "There are only two different values, -3 and 2, so the answer is their sum.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
1 <= k <= 100
"""

REF = r"""
class Solution:
    def sumTopDistinct(self, nums: List[int], k: int) -> int:
        vals = sorted(set(nums), reverse=True)
        return sum(vals[:k])
"""

BRUTE = r"""
class Solution:
    def sumTopDistinct(self, nums: List[int], k: int) -> int:
        rest = list(nums)
        total = 0
        for _ in range(k):
            if not rest:
                break
            m = max(rest)
            total += m
            rest = [x for x in rest if x != m]
        return total
"""


def small(rng):
    n = rng.randint(1, 8)
    return [[rng.randint(-5, 5) for _ in range(n)], rng.randint(1, 8)]


def public():
    return [[[4, 9, 1, 9, 7, 4], 3], [[2, -3, 2], 5]]


def private(rng):
    return [
        [[5], 1],
        [[5], 100],
        [[-1, -1, -1], 1],
        [[3, 3, 2, 2, 1, 1], 2],
        [[-1000, -999, 1000], 2],
        [[0, -5, 5, -10, 10], 5],
        [[rng.randint(-1000, 1000) for _ in range(100)], 10],
        [[rng.randint(-30, 30) for _ in range(100)], 100],
    ]


def valid(inp):
    nums, k = inp
    assert 1 <= len(nums) <= 100 and 1 <= k <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
