ID = "exact-variety-segment"
TITLE = "Longest Segment with Exactly K Distinct Values"
FUNC = "longestSegment"
SIGNATURE = "def longestSegment(self, nums: List[int], k: int) -> List[int]:"

BODY = r"""
You are given an integer array nums (0-indexed) and an integer k.

A segment [l, r] (0 <= l <= r < nums.length) is the contiguous part nums[l], nums[l+1], ..., nums[r]. Its variety is the number of distinct values among these elements.

Find the longest segment whose variety is exactly k and return [l, r] for it. If several segments of that longest length have variety exactly k, return the one with the smallest l. If no segment has variety exactly k, return [-1, -1].
"""

EXPLAIN = [
    "[0, 5] = [1, 2, 1, 2, 3, 3] holds exactly the three values 1, 2 and 3; every other segment of length 6 or more also contains 4 and has variety 4.",
    "Every segment holds only the value 4, so its variety is 1.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
1 <= nums[i] <= 10^9
1 <= k <= 100
"""

REF = r"""
class Solution:
    def longestSegment(self, nums: List[int], k: int) -> List[int]:
        n = len(nums)
        best = [-1, -1]
        best_len = 0
        for l in range(n):
            seen = set()
            for r in range(l, n):
                seen.add(nums[r])
                if len(seen) > k:
                    break
                if len(seen) == k and r - l + 1 > best_len:
                    best_len = r - l + 1
                    best = [l, r]
        return best
"""

BRUTE = r"""
class Solution:
    def longestSegment(self, nums: List[int], k: int) -> List[int]:
        n = len(nums)
        for length in range(n, 0, -1):
            for l in range(0, n - length + 1):
                if len(set(nums[l:l + length])) == k:
                    return [l, l + length - 1]
        return [-1, -1]
"""


def small(rng):
    n = rng.randint(1, 10)
    vals = rng.choice([[5], [1, 2], [1, 2, 3], [7, 8, 9, 10], list(range(1, 8))])
    nums = [rng.choice(vals) for _ in range(n)]
    k = rng.randint(1, 6) if rng.random() < 0.8 else rng.randint(1, 100)
    return [nums, k]


def public():
    return [[[1, 2, 1, 2, 3, 3, 4, 3], 3], [[4, 4, 4], 2]]


def private(rng):
    big = [rng.randint(1, 4) for _ in range(100)]
    return [
        [[9], 1],
        [[9], 2],
        [[1, 2, 3, 4, 5], 5],
        [[6, 6, 6, 6], 1],
        [[1, 2, 2, 1, 3, 3, 3, 1, 3], 2],
        [[5, 1, 5, 2, 5, 3], 2],
        [[1, 1, 2, 2, 3, 3], 1],
        [big, 3],
        [[rng.randint(1, 10**9) for _ in range(100)], 100],
        [[rng.randint(1, 12) for _ in range(100)], 6],
    ]


def valid(inp):
    nums, k = inp
    assert 1 <= len(nums) <= 100 and 1 <= k <= 100
    assert all(isinstance(x, int) and 1 <= x <= 10**9 for x in nums)
