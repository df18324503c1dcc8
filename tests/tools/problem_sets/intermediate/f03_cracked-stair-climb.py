ID = "cracked-stair-climb"
TITLE = "Cracked Stair Climb"
FUNC = "climbWays"
SIGNATURE = "def climbWays(self, n: int, cracked: List[int]) -> int:"

BODY = r"""
A staircase has steps numbered 1 to n; you start on the ground (step 0) and want to stand on step n. With one stride you go up 1, 2 or 3 steps. Some steps are cracked: the list cracked holds their numbers (a number may be listed more than once), and you must never land on a cracked step, although you may stride over it.

Return the number of different sequences of strides that take you from the ground to step n, modulo 10^9 + 7. If step n itself is cracked, the answer is 0.
"""

EXPLAIN = [
    "Step 2 must not be landed on, so the ways are 1+3, 1+2+1 and 3+1.",
    "",
]

CONSTRAINTS = r"""
1 <= n <= 10^5
0 <= cracked.length <= 10^5
1 <= cracked[i] <= n
"""

REF = r"""
class Solution:
    def climbWays(self, n: int, cracked: List[int]) -> int:
        MOD = 10**9 + 7
        bad = set(cracked)
        ways = [0] * (n + 1)
        ways[0] = 1
        for i in range(1, n + 1):
            if i in bad:
                continue
            total = 0
            for s in (1, 2, 3):
                if i - s >= 0:
                    total += ways[i - s]
            ways[i] = total % MOD
        return ways[n]
"""

BRUTE = r"""
class Solution:
    def climbWays(self, n: int, cracked: List[int]) -> int:
        def go(pos):
            if pos == n:
                return 1
            count = 0
            for s in (1, 2, 3):
                nxt = pos + s
                if nxt <= n and nxt not in cracked:
                    count += go(nxt)
            return count
        return go(0) % (10**9 + 7)
"""


def small(rng):
    n = rng.randint(1, 14)
    k = rng.randint(0, 4)
    return [n, [rng.randint(1, n) for _ in range(k)]]


def public():
    return [[4, [2]], [5, []]]


def private(rng):
    n = 10**5
    return [
        [1, []],
        [1, [1]],
        [3, [1, 1, 2]],
        [10, [4, 5, 6]],
        [12, [3, 6, 9]],
        [n, []],
        [n, sorted(rng.sample(range(1, n), 20000))],
        [n, [rng.randint(1, n - 1) for _ in range(2 * 10**4)]],
        [60, [7, 30, 30, 59]],
    ]


def valid(inp):
    n, cracked = inp
    assert isinstance(n, int) and 1 <= n <= 10**5
    assert len(cracked) <= 10**5
    assert all(isinstance(c, int) and 1 <= c <= n for c in cracked)
