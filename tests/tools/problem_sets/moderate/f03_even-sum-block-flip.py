ID = "even-sum-block-flip"
TITLE = "Flip the Even-Sum Blocks"
FUNC = "flipBlocks"
SIGNATURE = "def flipBlocks(self, nums: List[int], k: int) -> List[int]:"

BODY = r"""
You are given an integer array nums and a positive integer k.

Cut nums, from left to right, into consecutive blocks of k elements each: the first block is nums[0..k-1], the second is nums[k..2k-1], and so on. If the length of nums is not a multiple of k, the last block holds the remaining elements and is shorter than k (if k >= nums.length, the whole array is one block).

Every block whose sum is even is reversed in place; every block whose sum is odd is left unchanged. A sum of 0 is even, and a negative sum is even exactly when it is divisible by 2 (for example -4 is even and -3 is odd). The blocks keep their positions.

Return the resulting array.
"""

EXPLAIN = [
    "The blocks are [1, 3, 2] (sum 6, even, reversed to [2, 3, 1]), [4, 4, 1] (sum 9, odd, unchanged) and [5, 7] (sum 12, even, reversed to [7, 5]).",
    "The blocks [1, 2], [3, 4] and [5] have the odd sums 3, 7 and 5, so nothing changes.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
1 <= k <= 200
"""

REF = r"""
class Solution:
    def flipBlocks(self, nums: List[int], k: int) -> List[int]:
        res = []
        for start in range(0, len(nums), k):
            block = nums[start:start + k]
            if sum(block) % 2 == 0:
                block = block[::-1]
            res.extend(block)
        return res
"""

BRUTE = r"""
class Solution:
    def flipBlocks(self, nums: List[int], k: int) -> List[int]:
        n = len(nums)
        res = [0] * n
        for p in range(n):
            first = (p // k) * k
            last = min(n, first + k) - 1
            total = 0
            for q in range(first, last + 1):
                total += nums[q]
            if abs(total) % 2 == 0:
                res[p] = nums[first + last - p]
            else:
                res[p] = nums[p]
        return res
"""


def small(rng):
    n = rng.randint(1, 12)
    k = rng.choice([1, 2, 3, 4, 5, n, n + rng.randint(1, 3)])
    k = max(1, min(k, 200))
    r = rng.random()
    if r < 0.3:
        nums = [rng.randint(-5, 5) for _ in range(n)]
    elif r < 0.5:
        nums = [rng.choice([-3, -2, 0, 2, 4]) for _ in range(n)]
    else:
        nums = [rng.randint(-1000, 1000) for _ in range(n)]
    return [nums, k]


def public():
    return [[[1, 3, 2, 4, 4, 1, 5, 7], 3], [[1, 2, 3, 4, 5], 2]]


def private(rng):
    return [
        [[8], 1],
        [[5, 6, 7], 1],
        [[2, 4, 6, 8], 10],
        [[1, 2, 3, 4], 4],
        [[-3, 1, 5, -2, -1, 6, 9], 2],
        [[-5, 5, 0, 0, -7, 3, 4], 3],
        [[3, -3, 1, 2, 2], 4],
        [[rng.randint(-1000, 1000) for _ in range(100)], 7],
        [[rng.randint(-1000, 1000) for _ in range(100)], 3],
        [[rng.randint(-1000, 1000) for _ in range(99)], 100],
    ]


def valid(inp):
    nums, k = inp
    assert 1 <= len(nums) <= 100 and 1 <= k <= 200
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
