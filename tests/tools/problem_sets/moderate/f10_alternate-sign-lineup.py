ID = "alternate-sign-lineup"
TITLE = "Alternate the Signs"
FUNC = "alternateSigns"
SIGNATURE = "def alternateSigns(self, nums: List[int]) -> List[int]:"

BODY = r"""
You are given an array nums of nonzero integers. Rearrange it as follows.

Let P be the list of positive elements and N the list of negative elements, each in the order they appear in nums. The result starts with an element of the group that has more elements; if P and N have the same number of elements, it starts with a positive element (even if nums[0] is negative). After that, the signs alternate: take the next unused element of P, then the next unused element of N, and so on (or N first, then P, if the result starts with a negative element). When one group runs out, append all remaining elements of the other group, in their original order.

Return the rearranged array. Every element of nums appears in it exactly once.
"""

EXPLAIN = [
    "P = [3, 1, 2, 4] and N = [-2, -5]. P has more elements, so the result is 3, -2, 1, -5, and then the remaining 2, 4 of P.",
    "N = [-4, -1, -2] has more elements than P = [6], so the result starts with -4, then 6, then the remaining -1, -2.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-10^9 <= nums[i] <= 10^9, nums[i] != 0
"""

REF = r"""
class Solution:
    def alternateSigns(self, nums: List[int]) -> List[int]:
        pos = [x for x in nums if x > 0]
        neg = [x for x in nums if x < 0]
        first, second = (pos, neg) if len(pos) >= len(neg) else (neg, pos)
        res = []
        for i in range(len(first)):
            res.append(first[i])
            if i < len(second):
                res.append(second[i])
        return res
"""

BRUTE = r"""
class Solution:
    def alternateSigns(self, nums: List[int]) -> List[int]:
        npos = sum(1 for x in nums if x > 0)
        nneg = len(nums) - npos
        want_positive = npos >= nneg
        used = [False] * len(nums)
        res = []
        while len(res) < len(nums):
            pick = -1
            for i, x in enumerate(nums):
                if not used[i] and (x > 0) == want_positive:
                    pick = i
                    break
            if pick == -1:
                for i in range(len(nums)):
                    if not used[i]:
                        pick = i
                        break
            used[pick] = True
            res.append(nums[pick])
            want_positive = not want_positive
        return res
"""


def small(rng):
    n = rng.randint(1, 10)
    bias = rng.choice([0.0, 0.2, 0.5, 0.8, 1.0])
    nums = []
    for _ in range(n):
        v = rng.choice([1, 2, 3, 7, 10**9])
        nums.append(v if rng.random() < bias else -v)
    return [nums]


def public():
    return [[[3, 1, -2, 2, -5, 4]], [[6, -4, -1, -2]]]


def private(rng):
    return [
        [[5]],
        [[-5]],
        [[4, 4, 1, 9]],
        [[-1, -2, -3, 8]],
        [[-7, -7, 7, 7, -7, 7]],
        [[2, -3, -4, -5, -6, 1]],
        [[-10**9, 10**9, -1, -2, 3, -4, -5]],
        [[rng.choice([-1, 1]) * rng.randint(1, 10**9) for _ in range(100)]],
        [[-rng.randint(1, 100) for _ in range(70)] + [rng.randint(1, 100) for _ in range(30)]],
        [[(i % 9 + 1) * (1 if i % 3 else -1) for i in range(99)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and x != 0 and -10**9 <= x <= 10**9 for x in nums)
