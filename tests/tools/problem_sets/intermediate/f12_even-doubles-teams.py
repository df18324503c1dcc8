ID = "even-doubles-teams"
TITLE = "Even Doubles Teams"
FUNC = "smallestSpread"
SIGNATURE = "def smallestSpread(self, skill: List[int]) -> int:"

BODY = r"""
A tennis club has an even number of members; member i has skill level skill[i]. For a doubles tournament the members are split into teams of exactly two, every member in exactly one team. The strength of a team is the sum of its two skill levels, and the spread of a split is the strength of the strongest team minus the strength of the weakest team.

Return the smallest spread that any split into teams of two can have.
"""

EXPLAIN = [
    "Teams (1, 9), (3, 8) and (4, 6) have strengths 10, 11 and 10, so the spread is 1. No split has every team equally strong.",
    "The only split is one team of two.",
]

CONSTRAINTS = r"""
2 <= skill.length <= 10^5, and skill.length is even
0 <= skill[i] <= 10^9
"""

REF = r"""
class Solution:
    def smallestSpread(self, skill: List[int]) -> int:
        s = sorted(skill)
        n = len(s)
        sums = [s[i] + s[n - 1 - i] for i in range(n // 2)]
        return max(sums) - min(sums)
"""

BRUTE = r"""
class Solution:
    def smallestSpread(self, skill: List[int]) -> int:
        best = None
        def split(rest, sums):
            nonlocal best
            if not rest:
                spread = max(sums) - min(sums)
                if best is None or spread < best:
                    best = spread
                return
            first = rest[0]
            for k in range(1, len(rest)):
                split(rest[1:k] + rest[k + 1:], sums + [first + rest[k]])
        split(list(skill), [])
        return best
"""


def small(rng):
    n = rng.choice([2, 4, 6, 8])
    hi = rng.choice([3, 10, 10**9])
    return [[rng.randint(0, hi) for _ in range(n)]]


def public():
    return [[[3, 9, 4, 1, 8, 6]], [[5, 0]]]


def private(rng):
    n = 2 * 10**4
    return [
        [[0, 0]],
        [[10**9, 10**9]],
        [[1, 2, 3, 4]],
        [[7, 7, 7, 7, 7, 1]],
        [[0, 0, 0, 10**9, 10**9, 10**9]],
        [[rng.randint(0, 20) for _ in range(50)]],
        [[rng.randint(0, 10**9) for _ in range(n)]],
        [list(range(n))],
        [[rng.choice([0, 10**9]) for _ in range(n - 2)] + [1, 2]],
    ]


def valid(inp):
    (skill,) = inp
    assert 2 <= len(skill) <= 10**5 and len(skill) % 2 == 0
    assert all(isinstance(x, int) and 0 <= x <= 10**9 for x in skill)
