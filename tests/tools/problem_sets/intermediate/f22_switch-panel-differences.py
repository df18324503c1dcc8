ID = "switch-panel-differences"
TITLE = "Switch Panel Differences"
FUNC = "totalDifferences"
SIGNATURE = "def totalDifferences(self, panels: List[int]) -> int:"

BODY = r"""
A factory has n control panels, each with a row of 20 on/off switches. The state of panel i is stored as the integer panels[i]: switch b (for b = 0 to 19) of the panel is on exactly when bit b of panels[i] is 1.

For two panels, their difference is the number of switches b that are on in one panel and off in the other. Return the sum of the differences over all pairs of panels (i, j) with i < j.
"""

EXPLAIN = [
    "In binary the panels are 001, 011 and 100 (all other switches off). The differences are 1 (001 vs 011), 2 (001 vs 100) and 3 (011 vs 100); the sum is 6.",
    "",
]

CONSTRAINTS = r"""
1 <= panels.length <= 10^5
0 <= panels[i] < 2^20
"""

REF = r"""
class Solution:
    def totalDifferences(self, panels: List[int]) -> int:
        n = len(panels)
        total = 0
        for b in range(20):
            ones = sum((x >> b) & 1 for x in panels)
            total += ones * (n - ones)
        return total
"""

BRUTE = r"""
class Solution:
    def totalDifferences(self, panels: List[int]) -> int:
        total = 0
        for i in range(len(panels)):
            for j in range(i + 1, len(panels)):
                a = format(panels[i], "020b")
                c = format(panels[j], "020b")
                total += sum(1 for p, q in zip(a, c) if p != q)
        return total
"""


def small(rng):
    n = rng.randint(1, 8)
    hi = rng.choice([1, 7, 2**20 - 1])
    return [[rng.randint(0, hi) for _ in range(n)]]


def public():
    return [[[1, 3, 4]], [[5, 5, 5, 5]]]


def private(rng):
    n = 2 * 10**4
    F = 2**20 - 1
    return [
        [[0]],
        [[0, F]],
        [[F, F, 0, 0]],
        [[1, 2, 4, 8, 16, 32]],
        [[rng.randint(0, 255) for _ in range(200)]],
        [[rng.randint(0, F) for _ in range(n)]],
        [[0] * (n // 2) + [F] * (n // 2)],
        [[rng.choice([0, 1, F, 1 << 19]) for _ in range(n)]],
    ]


def valid(inp):
    (a,) = inp
    assert 1 <= len(a) <= 10**5
    assert all(isinstance(x, int) and 0 <= x < 2**20 for x in a)
