ID = "window-modes"
TITLE = "Most Common Value in Every Window"
FUNC = "windowModes"
SIGNATURE = "def windowModes(self, nums: List[int], k: int) -> List[int]:"

BODY = r"""
You are given an integer array nums of length n and an integer k with 1 <= k <= n.

For every start index s from 0 to n - k, consider the window nums[s], nums[s+1], ..., nums[s+k-1] (k consecutive elements). The mode of the window is the value that occurs in it the largest number of times; if several values are tied for the largest number of occurrences in the window, the mode is the smallest of them (for example, -5 is smaller than 2).

Return a list of n - k + 1 integers: the mode of each window, in order of s.
"""

EXPLAIN = [
    "The windows are [3, 1, 3] (mode 3), [1, 3, 1] (mode 1), [3, 1, 2] (each value once; the smallest is 1) and [1, 2, 2] (mode 2).",
    "There is one window, the whole array, and 7 occurs in it twice.",
]

CONSTRAINTS = r"""
1 <= k <= n <= 200, where n == nums.length
-10^9 <= nums[i] <= 10^9
"""

REF = r"""
class Solution:
    def windowModes(self, nums: List[int], k: int) -> List[int]:
        cnt = Counter(nums[:k])
        res = []
        for s in range(len(nums) - k + 1):
            if s > 0:
                out = nums[s - 1]
                cnt[out] -= 1
                if cnt[out] == 0:
                    del cnt[out]
                cnt[nums[s + k - 1]] += 1
            res.append(min(cnt, key=lambda v: (-cnt[v], v)))
        return res
"""

BRUTE = r"""
class Solution:
    def windowModes(self, nums: List[int], k: int) -> List[int]:
        res = []
        for s in range(len(nums) - k + 1):
            window = sorted(nums[s:s + k])
            best, best_count = None, 0
            i = 0
            while i < len(window):
                j = i
                while j < len(window) and window[j] == window[i]:
                    j += 1
                if j - i > best_count:
                    best, best_count = window[i], j - i
                i = j
            res.append(best)
        return res
"""


def small(rng):
    n = rng.randint(1, 10)
    pool = rng.choice([[4], [1, 2], [-5, 2, 0], list(range(-3, 4)), [10**9, -10**9]])
    nums = [rng.choice(pool) for _ in range(n)]
    k = rng.choice([1, n, rng.randint(1, n)])
    return [nums, k]


def public():
    return [[[3, 1, 3, 1, 2, 2], 3], [[7, 7, 8], 3]]


def private(rng):
    return [
        [[42], 1],
        [[5, -1, 5, 0], 1],
        [[2, -5, 2, -5], 2],
        [[9, 8, 7, 6, 5], 5],
        [[1, 2, 2, 1, 1, 2, 3, 3, 3, 2], 4],
        [[0, -10**9, 10**9, -10**9, 10**9, 0], 2],
        [[rng.randint(1, 6) for _ in range(200)], 10],
        [[rng.randint(-3, 3) for _ in range(200)], 7],
        [[rng.randint(-10**9, 10**9) for _ in range(150)], 30],
        [[rng.choice([4, -4]) for _ in range(200)], 200],
    ]


def valid(inp):
    nums, k = inp
    assert 1 <= k <= len(nums) <= 200
    assert all(isinstance(x, int) and -10**9 <= x <= 10**9 for x in nums)
