# Tier B: two or three steps.
ID = "values-in-exactly-one-array"
TITLE = "Values in Exactly One of Two Arrays"
FUNC = "exclusiveValues"
SIGNATURE = "def exclusiveValues(self, a: List[int], b: List[int]) -> List[int]:"

BODY = r"""
You are given two integer arrays a and b.

Return, in increasing order, every value that occurs in exactly one of the two arrays (in a but not in b, or in b but not in a). Each such value is listed once, even if it occurs several times in its array. If there is no such value, return an empty array.
"""

EXPLAIN = [
    "1 (twice in a) and 4 occur only in a; 6 occurs only in b. 3 and 5 occur in both arrays.",
    "Both arrays contain exactly the values 2 and 7.",
]

CONSTRAINTS = r"""
1 <= a.length, b.length <= 100
-1000 <= a[i], b[i] <= 1000
"""

REF = r"""
class Solution:
    def exclusiveValues(self, a: List[int], b: List[int]) -> List[int]:
        return sorted(set(a) ^ set(b))
"""

BRUTE = r"""
class Solution:
    def exclusiveValues(self, a: List[int], b: List[int]) -> List[int]:
        out = []
        for v in range(-1000, 1001):
            if (v in a) != (v in b):
                out.append(v)
        return out
"""


def small(rng):
    return [[rng.randint(-4, 4) for _ in range(rng.randint(1, 6))],
            [rng.randint(-4, 4) for _ in range(rng.randint(1, 6))]]


def public():
    return [[[5, 1, 3, 1, 4], [3, 6, 5]], [[2, 7, 2], [7, 2]]]


def private(rng):
    return [
        [[0], [0]],
        [[0], [1]],
        [[-1000, 1000], [1000]],
        [[4, 4, 4], [5, 5]],
        [[1, 2, 3], [3, 2, 1, 1, 2, 3]],
        [[-3, -1, 1, 3], [-2, 0, 2]],
        [[rng.randint(-1000, 1000) for _ in range(100)], [rng.randint(-1000, 1000) for _ in range(100)]],
        [[rng.randint(-15, 15) for _ in range(100)], [rng.randint(-15, 15) for _ in range(40)]],
    ]


def valid(inp):
    a, b = inp
    assert 1 <= len(a) <= 100 and 1 <= len(b) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in a + b)
