# Tier A: one twist.
ID = "count-the-peaks"
TITLE = "Count the Peaks Including the Ends"
FUNC = "countPeaks"
SIGNATURE = "def countPeaks(self, nums: List[int]) -> int:"

BODY = r"""
You are given an integer array nums (0-indexed).

An element is a peak if it is strictly greater than each of its neighbours. The elements nums[i - 1] and nums[i + 1] are the neighbours of nums[i], when they exist: the first and the last element have only one neighbour each, and they are peaks when they are strictly greater than that one neighbour. If nums has a single element, that element has no neighbour and is a peak.

Return the number of peaks.
"""

EXPLAIN = [
    "The peaks are nums[0] = 5 (greater than its only neighbour 2), nums[2] = 7 and nums[5] = 4 (the last element, greater than 1).",
    "No element is strictly greater than all of its neighbours.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def countPeaks(self, nums: List[int]) -> int:
        n = len(nums)
        count = 0
        for i in range(n):
            left = i == 0 or nums[i] > nums[i - 1]
            right = i == n - 1 or nums[i] > nums[i + 1]
            if left and right:
                count += 1
        return count
"""

BRUTE = r"""
class Solution:
    def countPeaks(self, nums: List[int]) -> int:
        padded = [float("-inf")] + nums + [float("-inf")]
        return len([i for i in range(1, len(padded) - 1) if padded[i] > max(padded[i - 1], padded[i + 1])])
"""


def small(rng):
    n = rng.randint(1, 8)
    return [[rng.randint(-3, 3) for _ in range(n)]]


def public():
    return [[[5, 2, 7, 3, 1, 4]], [[2, 2, 2]]]


def private(rng):
    return [
        [[9]],
        [[-1000]],
        [[1, 2]],
        [[3, 3]],
        [[1, 2, 3, 4, 5]],
        [[5, 1, 5, 1, 5]],
        [[1, 3, 3, 1]],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
        [[rng.randint(0, 2) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
