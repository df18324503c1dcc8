# Tier A: one twist.
ID = "average-ignoring-zeros"
TITLE = "Average Ignoring Zeros"
FUNC = "averageWithoutZeros"
SIGNATURE = "def averageWithoutZeros(self, nums: List[int]) -> int:"

BODY = r"""
You are given an array nums of non-negative integers.

Return the average of the elements of nums that are not 0, rounded down to an integer: the sum of the nonzero elements divided by the number of nonzero elements, dropping any fractional part. Zeros are ignored completely (they add nothing to the sum and are not counted). If every element is 0, return 0.
"""

EXPLAIN = [
    "The nonzero elements are 4, 5 and 8: (4 + 5 + 8) / 3 = 5.67, rounded down to 5.",
    "Every element is 0.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
0 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def averageWithoutZeros(self, nums: List[int]) -> int:
        vals = [x for x in nums if x != 0]
        if not vals:
            return 0
        return sum(vals) // len(vals)
"""

BRUTE = r"""
class Solution:
    def averageWithoutZeros(self, nums: List[int]) -> int:
        total = 0
        count = 0
        for x in nums:
            if x > 0:
                total += x
                count += 1
        if count == 0:
            return 0
        avg = 0
        while (avg + 1) * count <= total:
            avg += 1
        return avg
"""


def small(rng):
    n = rng.randint(1, 8)
    if rng.random() < 0.2:
        return [[0] * n]
    return [[rng.choice([0, 0, rng.randint(1, 9), rng.randint(1, 1000)]) for _ in range(n)]]


def public():
    return [[[4, 0, 5, 0, 8]], [[0, 0, 0]]]


def private(rng):
    return [
        [[0]],
        [[1]],
        [[1000]],
        [[0, 0, 0, 0, 7]],
        [[1, 2]],
        [[1000, 999, 0, 0, 0, 0]],
        [[rng.randint(0, 1000) for _ in range(100)]],
        [[rng.choice([0, 0, 0, rng.randint(1, 10)]) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and 0 <= x <= 1000 for x in nums)
