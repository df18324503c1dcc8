ID = "most-shared-frequency"
TITLE = "Most Shared Frequency"
FUNC = "sharedFrequency"
SIGNATURE = "def sharedFrequency(self, nums: List[int]) -> List[int]:"

BODY = r"""
You are given an integer array nums. The frequency of a value is the number of times it occurs in nums.

Group the distinct values of nums by their frequency. Choose the frequency f that the largest number of distinct values have. If several frequencies are shared by the same, largest number of distinct values, choose the largest such frequency f.

Return a list whose first element is f, followed by all distinct values whose frequency is f, in increasing order.
"""

EXPLAIN = [
    "Values 4 and 9 occur twice each, value 7 occurs once and value 1 occurs three times. Frequency 2 is shared by two distinct values, more than any other frequency.",
    "The only distinct value, 5, has frequency 3.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-10^9 <= nums[i] <= 10^9
"""

REF = r"""
class Solution:
    def sharedFrequency(self, nums: List[int]) -> List[int]:
        freq = Counter(nums)
        groups = defaultdict(list)
        for v, c in freq.items():
            groups[c].append(v)
        best = max(groups, key=lambda c: (len(groups[c]), c))
        return [best] + sorted(groups[best])
"""

BRUTE = r"""
class Solution:
    def sharedFrequency(self, nums: List[int]) -> List[int]:
        distinct = []
        for v in nums:
            if v not in distinct:
                distinct.append(v)
        best_f, best_vals = 0, []
        for f in range(1, len(nums) + 1):
            vals = [v for v in distinct if nums.count(v) == f]
            if len(vals) > 0 and len(vals) >= len(best_vals):
                best_f, best_vals = f, vals
        vals = best_vals[:]
        for i in range(len(vals)):
            for j in range(len(vals) - 1 - i):
                if vals[j] > vals[j + 1]:
                    vals[j], vals[j + 1] = vals[j + 1], vals[j]
        return [best_f] + vals
"""


def small(rng):
    n = rng.randint(1, 10)
    pool = rng.choice([[3], [1, 2], [-2, 5, 0], list(range(-4, 5)), [10**9, -10**9, 7]])
    return [[rng.choice(pool) for _ in range(n)]]


def public():
    return [[[4, 9, 7, 1, 4, 1, 9, 1]], [[5, 5, 5]]]


def private(rng):
    return [
        [[-3]],
        [[8, 3, -1, 3, 8, -1]],
        [[2, 2, 1, 3, 3]],
        [[6, 6, 7, 7, 8, 8, 8, 9, 9, 9, 10]],
        [[1, 2, 3, 4]],
        [[-10**9, 10**9, 10**9, -10**9, 0]],
        [[0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4]],
        [[rng.randint(1, 30) for _ in range(100)]],
        [[rng.randint(-10**9, 10**9) for _ in range(100)]],
        [[rng.choice([-5, -4, 0, 3]) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -10**9 <= x <= 10**9 for x in nums)
