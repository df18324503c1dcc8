# Tier B: two or three steps.
ID = "values-in-order-of-repeat"
TITLE = "Repeated Values in Order of Repetition"
FUNC = "repeatedInOrder"
SIGNATURE = "def repeatedInOrder(self, nums: List[int]) -> List[int]:"

BODY = r"""
You are given an integer array nums (0-indexed).

Return every value that occurs at least twice in nums, each value once, ordered by the index of its second occurrence (the value whose second occurrence comes first is listed first). If no value occurs twice, return an empty array.
"""

EXPLAIN = [
    "The second 1 is at index 3, the second 5 at index 4 and the second 2 at index 6. 3 occurs only once; the third 5 changes nothing.",
    "All values are different.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def repeatedInOrder(self, nums: List[int]) -> List[int]:
        count = {}
        out = []
        for x in nums:
            count[x] = count.get(x, 0) + 1
            if count[x] == 2:
                out.append(x)
        return out
"""

BRUTE = r"""
class Solution:
    def repeatedInOrder(self, nums: List[int]) -> List[int]:
        second = {}
        for x in set(nums):
            idx = [i for i, y in enumerate(nums) if y == x]
            if len(idx) >= 2:
                second[x] = idx[1]
        return sorted(second, key=lambda x: second[x])
"""


def small(rng):
    n = rng.randint(1, 9)
    return [[rng.randint(-3, 3) for _ in range(n)]]


def public():
    return [[[5, 1, 3, 1, 5, 2, 2, 5]], [[4, -4, 0]]]


def private(rng):
    return [
        [[7]],
        [[7, 7]],
        [[1, 2, 3, 3, 2, 1]],
        [[0, 0, 0, 0]],
        [[-1000, 1000, 1000, -1000]],
        [list(range(100))],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
        [[rng.randint(-20, 20) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
