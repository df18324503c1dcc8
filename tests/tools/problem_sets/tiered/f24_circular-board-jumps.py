# Tier C: one known technique.
ID = "circular-board-jumps"
TITLE = "Circular Board Jumps"
FUNC = "distinctBeforeRepeat"
SIGNATURE = "def distinctBeforeRepeat(self, nums: List[int]) -> int:"

BODY = r"""
You are given an integer array nums of length n describing a circular board with positions 0, 1, ..., n - 1. A token starts at position 0. Standing at position i, the token jumps to position (i + nums[i]) mod n, where the result of mod is always between 0 and n - 1 (so from position 1 with nums[1] = -3 on a board of n = 5 positions, the token goes to position 3). A jump may land on the position it starts from.

The token keeps jumping until it lands on a position it has already visited (position 0 counts as visited from the start). Return the number of different positions visited.
"""

EXPLAIN = [
    "The token visits 0, 2, 1 and 4; from 4 it jumps to (4 + 3) mod 5 = 2, which was already visited.",
    "nums[0] = 4 takes the token from 0 back to 0 (4 mod 4 = 0).",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def distinctBeforeRepeat(self, nums: List[int]) -> int:
        n = len(nums)
        seen = set()
        pos = 0
        while pos not in seen:
            seen.add(pos)
            pos = (pos + nums[pos]) % n
        return len(seen)
"""

BRUTE = r"""
class Solution:
    def distinctBeforeRepeat(self, nums: List[int]) -> int:
        n = len(nums)
        path = [0]
        for _ in range(n + 1):
            i = path[-1]
            j = i + nums[i]
            while j < 0:
                j += n
            while j >= n:
                j -= n
            if j in path:
                return len(path)
            path.append(j)
"""


def small(rng):
    n = rng.randint(1, 7)
    return [[rng.randint(-9, 9) for _ in range(n)]]


def public():
    return [[[2, 3, -1, 0, 3]], [[4, 1, 1, 1]]]


def private(rng):
    n = 100
    cyc = [1] * n
    return [
        [[0]],
        [[-1000]],
        [[1, 1]],
        [[1, 0]],
        [[-1, -1, -1]],
        [cyc],
        [[1000] + [rng.randint(-1000, 1000) for _ in range(99)]],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
        [[rng.choice([1, 2, -1]) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
