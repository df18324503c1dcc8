# Tier B: two or three steps.
ID = "longest-same-parity-block"
TITLE = "Longest Same-Parity Block"
FUNC = "longestParityBlock"
SIGNATURE = "def longestParityBlock(self, nums: List[int]) -> List[int]:"

BODY = r"""
You are given an integer array nums (0-indexed).

A block [l, r] (l <= r) is the contiguous part nums[l], ..., nums[r]. It is a same-parity block if all of its elements are even or all of them are odd. Negative numbers and zero have the usual parity (for example, -3 is odd and 0 is even).

Return [l, r] for the longest same-parity block. If several same-parity blocks share the greatest length, return the one with the smallest l.
"""

EXPLAIN = [
    "[2, 4] = [3, 7, -1] is the longest block of odd numbers; [0, 1] = [2, 4] is shorter.",
    "Even and odd elements alternate, so every longest block has length 1; the first one starts at index 0.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def longestParityBlock(self, nums: List[int]) -> List[int]:
        best = [0, 0]
        start = 0
        for i in range(1, len(nums)):
            if nums[i] % 2 != nums[i - 1] % 2:
                start = i
            if i - start > best[1] - best[0]:
                best = [start, i]
        return best
"""

BRUTE = r"""
class Solution:
    def longestParityBlock(self, nums: List[int]) -> List[int]:
        n = len(nums)
        for length in range(n, 0, -1):
            for l in range(n - length + 1):
                part = nums[l:l + length]
                if all(abs(x) % 2 == 0 for x in part) or all(abs(x) % 2 == 1 for x in part):
                    return [l, l + length - 1]
"""


def small(rng):
    n = rng.randint(1, 9)
    return [[rng.randint(-4, 4) for _ in range(n)]]


def public():
    return [[[2, 4, 3, 7, -1, 6, 8]], [[1, 2, 3]]]


def private(rng):
    return [
        [[0]],
        [[-7]],
        [[1, 2]],
        [[-3, 5, 7, 9]],
        [[2, 1, 1, 2, 2, 1, 3]],
        [[0, -2, 1000, -1000, 1, -1]],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
        [[rng.choice([2, 4, 6, 6, 1]) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
