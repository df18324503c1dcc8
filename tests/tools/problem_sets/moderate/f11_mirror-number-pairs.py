ID = "mirror-number-pairs"
TITLE = "Mirror Number Pairs"
FUNC = "countMirrorPairs"
SIGNATURE = "def countMirrorPairs(self, nums: List[int]) -> int:"

BODY = r"""
You are given an array nums of non-negative integers.

The reversal rev(x) of a non-negative integer x is obtained by writing the decimal digits of x in reverse order and removing any leading zeros from the result (rev(0) = 0). For example, rev(123) = 321, rev(120) = 21, rev(1000) = 1 and rev(7) = 7. Note that rev(rev(x)) is not always x: rev(21) = 12.

A pair of indices (i, j) with i < j is a mirror pair when rev(nums[i]) == nums[j] or rev(nums[j]) == nums[i] (at least one of the two holds). Pairs are counted by indices, so equal values at different positions form different pairs.

Return the number of mirror pairs.
"""

EXPLAIN = [
    "(0, 1) and (1, 4) are mirror pairs because rev(12) = 21, and (2, 3) is one because rev(5) = 5. (0, 4) is not: rev(12) = 21, not 12.",
    "rev(56) = 65, so (1, 2) and (1, 3) are mirror pairs. (2, 3) is not: rev(65) = 56, not 65.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 500
0 <= nums[i] <= 10^9
"""

REF = r"""
class Solution:
    def countMirrorPairs(self, nums: List[int]) -> int:
        def rev(x):
            r = 0
            while x > 0:
                r = r * 10 + x % 10
                x //= 10
            return r
        by_value = Counter()
        by_rev = Counter()
        by_both = Counter()
        total = 0
        for x in nums:
            rx = rev(x)
            # earlier y with rev(y) == x, or earlier y == rev(x); subtract those counted twice
            total += by_rev[x] + by_value[rx] - by_both[(rx, x)]
            by_value[x] += 1
            by_rev[rx] += 1
            by_both[(x, rx)] += 1
        return total
"""

BRUTE = r"""
class Solution:
    def countMirrorPairs(self, nums: List[int]) -> int:
        def rev(x):
            return int(str(x)[::-1])
        n = len(nums)
        total = 0
        for i in range(n):
            for j in range(i + 1, n):
                if rev(nums[i]) == nums[j] or rev(nums[j]) == nums[i]:
                    total += 1
        return total
"""

POOL = [0, 1, 10, 100, 1000, 12, 21, 120, 210, 7, 70, 11, 110, 101, 1010, 5, 50, 500, 123, 321, 3210, 1230]


def small(rng):
    n = rng.randint(1, 10)
    pool = rng.sample(POOL, rng.randint(1, 8))
    return [[rng.choice(pool) for _ in range(n)]]


def public():
    return [[[12, 21, 5, 5, 12]], [[4, 56, 65, 65, 9]]]


def private(rng):
    big_pool = [rng.randint(1, 10**9) for _ in range(15)]
    big_pool += [int(str(x)[::-1]) for x in big_pool[:8]]
    big_pool += [x * 10 for x in big_pool[:4] if x * 10 <= 10**9]
    return [
        [[0]],
        [[0, 0, 0]],
        [[7, 7]],
        [[12, 12, 11, 11, 11]],
        [[1000, 1, 10, 100, 1]],
        [[120, 21, 12, 210, 1200]],
        [[1000000000, 1, 100000000, 10, 1]],
        [[rng.choice(POOL) for _ in range(500)]],
        [[rng.choice(big_pool) for _ in range(300)]],
        [[rng.randint(0, 10**9) for _ in range(500)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 500
    assert all(isinstance(x, int) and 0 <= x <= 10**9 for x in nums)
