ID = "framed-segments"
TITLE = "Framed Segments"
FUNC = "countFramed"
SIGNATURE = "def countFramed(self, nums: List[int]) -> int:"

BODY = r"""
You are given an integer array nums (0-indexed).

A pair of indices (i, j) with i < j is framed when both of these hold:

1. nums[i] == nums[j], and
2. every element strictly between them, nums[i+1], ..., nums[j-1], is strictly smaller than nums[i].

If j == i + 1 there are no elements between them, so condition 2 holds automatically.

Return the number of framed pairs.
"""

EXPLAIN = [
    "The framed pairs are (0, 2) (inside: [1]) and (2, 5) (inside: [2, 0]). The pair (0, 5) is not framed because nums[2] = 3 is not smaller than 3, and (1, 6) is not framed because larger values lie between the two 1s.",
    "All values are different, so no pair is framed.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-10^9 <= nums[i] <= 10^9
"""

REF = r"""
class Solution:
    def countFramed(self, nums: List[int]) -> int:
        n = len(nums)
        count = 0
        for i in range(n):
            for j in range(i + 1, n):
                if nums[j] == nums[i]:
                    count += 1
                    break
                if nums[j] > nums[i]:
                    break
        return count
"""

BRUTE = r"""
class Solution:
    def countFramed(self, nums: List[int]) -> int:
        n = len(nums)
        count = 0
        for i in range(n):
            for j in range(i + 1, n):
                if nums[i] != nums[j]:
                    continue
                if all(nums[t] < nums[i] for t in range(i + 1, j)):
                    count += 1
        return count
"""


def small(rng):
    n = rng.randint(1, 10)
    hi = rng.choice([0, 1, 2, 4, 9])
    lo = rng.choice([0, -2, -5])
    return [[rng.randint(lo, hi) for _ in range(n)]]


def public():
    return [[[3, 1, 3, 2, 0, 3, 1]], [[5, 4, 3, 2, 1]]]


def private(rng):
    return [
        [[7]],
        [[2, 2]],
        [[4, 4, 4, 4, 4]],
        [[5, 1, 5, 5, 2, 2, 5]],
        [[3, 1, 2, 1, 3, 0, 0, 3]],
        [[-1, -3, -1, -2, -5, -1]],
        [[2, 1, 1, 2, 2, 9, 2]],
        [[rng.randint(1, 5) for _ in range(100)]],
        [[rng.randint(-10**9, 10**9) for _ in range(100)]],
        [[rng.choice([10**9, -10**9, 0]) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -10**9 <= x <= 10**9 for x in nums)
