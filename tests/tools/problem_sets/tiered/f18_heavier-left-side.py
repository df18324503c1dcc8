# Tier C: one known technique.
ID = "heavier-left-side"
TITLE = "Indices With a Heavier Left Side"
FUNC = "countHeavierLeft"
SIGNATURE = "def countHeavierLeft(self, nums: List[int]) -> int:"

BODY = r"""
You are given an integer array nums (0-indexed) of length n.

For an index i, its left sum is nums[0] + ... + nums[i - 1] and its right sum is nums[i + 1] + ... + nums[n - 1]; nums[i] itself belongs to neither. An empty sum is 0 (the left sum of index 0 and the right sum of index n - 1).

Return the number of indices i whose left sum is strictly greater than their right sum.
"""

EXPLAIN = [
    "The (left sum, right sum) pairs are (0, 3), (1, 1), (3, -2), (6, 2) and (2, 0); the indices 2, 3 and 4 count (index 1 has equal sums).",
    "For the only index both sums are empty (0), and 0 is not greater than 0.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def countHeavierLeft(self, nums: List[int]) -> int:
        total = sum(nums)
        left = 0
        count = 0
        for x in nums:
            if left > total - left - x:
                count += 1
            left += x
        return count
"""

BRUTE = r"""
class Solution:
    def countHeavierLeft(self, nums: List[int]) -> int:
        return len([i for i in range(len(nums)) if sum(nums[:i]) > sum(nums[i + 1:])])
"""


def small(rng):
    n = rng.randint(1, 8)
    return [[rng.randint(-5, 5) for _ in range(n)]]


def public():
    return [[[1, 2, 3, -4, 2]], [[7]]]


def private(rng):
    return [
        [[-5]],
        [[0, 0, 0]],
        [[1, 1]],
        [[-1, -1]],
        [[-3, 4, -3]],
        [[1000] * 100],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
        [[rng.randint(-3, 3) for _ in range(60)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
