ID = "evenly-spaced-triples"
TITLE = "Evenly Spaced Triples"
FUNC = "countTriples"
SIGNATURE = "def countTriples(self, nums: List[int]) -> int:"

BODY = r"""
You are given an integer array nums (0-indexed).

Count the triples of indices (i, j, k) with i < j < k such that

nums[j] - nums[i] == nums[k] - nums[j] != 0,

that is, the three values, taken in index order, go up by the same nonzero step or go down by the same nonzero step. The step may be negative (for example 9, 6, 3 counts), but it must not be zero (three equal values do not count). Triples are counted by their indices: different index triples count separately even if they hold the same values.

Return the number of such triples.
"""

EXPLAIN = [
    "The triples are (0, 1, 3) with values 1, 3, 5 and (0, 2, 3) with values 1, 3, 5 (the two 3s are different indices); the triple (1, 2, 3) has values 3, 3, 5 and does not count.",
    "Three of the 2s have step 0, and a triple 2, 2, 7 has steps 0 and 5.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def countTriples(self, nums: List[int]) -> int:
        n = len(nums)
        total = 0
        for j in range(1, n - 1):
            left = Counter(nums[:j])
            right = Counter(nums[j + 1:])
            for a, c in left.items():
                if a == nums[j]:
                    continue
                total += c * right.get(2 * nums[j] - a, 0)
        return total
"""

BRUTE = r"""
class Solution:
    def countTriples(self, nums: List[int]) -> int:
        n = len(nums)
        total = 0
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    d1 = nums[j] - nums[i]
                    d2 = nums[k] - nums[j]
                    if d1 == d2 and d1 != 0:
                        total += 1
        return total
"""


def small(rng):
    n = rng.randint(1, 10)
    r = rng.random()
    if r < 0.5:
        nums = [rng.randint(0, 4) for _ in range(n)]
    elif r < 0.7:
        nums = [rng.choice([-6, -3, 0, 3, 6]) for _ in range(n)]
    elif r < 0.8:
        nums = [rng.randint(1, 2)] * n
    else:
        nums = [rng.randint(-1000, 1000) for _ in range(n)]
    return [nums]


def public():
    return [[[1, 3, 3, 5]], [[2, 2, 2, 2, 7]]]


def private(rng):
    return [
        [[5]],
        [[4, 8]],
        [[9, 6, 3]],
        [[3, 3, 3, 3, 3, 3]],
        [[1, 2, 3, 2, 1]],
        [[-5, 0, 5, 0, -5, 10]],
        [[1000, 0, -1000, 0, 1000]],
        [[rng.randint(0, 10) for _ in range(100)]],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
        [[i % 7 for i in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
