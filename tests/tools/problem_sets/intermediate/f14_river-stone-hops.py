ID = "river-stone-hops"
TITLE = "River Stone Hops"
FUNC = "fewestHops"
SIGNATURE = "def fewestHops(self, stones: List[int], d: int) -> int:"

BODY = r"""
Stones lie in a straight line across a river; stones[i] is the distance of stone i from the left bank. The list is not sorted, and no two stones are at the same distance. A frog sits on the stone closest to the left bank and wants to reach the stone farthest from it. In one hop the frog can move from a stone to any other stone at most d away (in either direction), and it may only land on stones.

Return the smallest number of hops that brings the frog to the farthest stone, or -1 if it cannot get there.
"""

EXPLAIN = [
    "Sorted, the stones are at 1, 3, 4, 6, 8, 9. The frog hops 1 -> 4 -> 6 -> 9: three hops. Two hops cannot cover a distance of 8 with d = 3.",
    "The gap between 5 and 11 is wider than d.",
]

CONSTRAINTS = r"""
1 <= stones.length <= 10^5
0 <= stones[i] <= 10^9, all different
1 <= d <= 10^9
"""

REF = r"""
class Solution:
    def fewestHops(self, stones: List[int], d: int) -> int:
        s = sorted(stones)
        n = len(s)
        hops, i = 0, 0
        while i < n - 1:
            j = i
            while j + 1 < n and s[j + 1] - s[i] <= d:
                j += 1
            if j == i:
                return -1
            i = j
            hops += 1
        return hops
"""

BRUTE = r"""
class Solution:
    def fewestHops(self, stones: List[int], d: int) -> int:
        start, goal = min(stones), max(stones)
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for p in frontier:
                for q in stones:
                    if q not in dist and abs(q - p) <= d:
                        dist[q] = dist[p] + 1
                        nxt.append(q)
            frontier = nxt
        return dist.get(goal, -1)
"""


def small(rng):
    n = rng.randint(1, 8)
    stones = rng.sample(range(0, 25), n)
    return [stones, rng.randint(1, 8)]


def public():
    return [[[6, 1, 9, 3, 8, 4], 3], [[0, 11, 5], 5]]


def private(rng):
    n = 2 * 10**4
    spread = rng.sample(range(0, 10**9 + 1), n)
    line = list(range(0, 3 * n, 3))
    rng.shuffle(line)
    gap = list(range(n - 1)) + [10**9]
    rng.shuffle(gap)
    return [
        [[7], 1],
        [[0, 10**9], 10**9],
        [[0, 10**9], 10**9 - 1],
        [[5, 4, 3, 2, 1], 1],
        [[0, 2, 4, 5, 7, 9, 10], 3],
        [spread, 300000],
        [line, 3],
        [line, 10**9],
        [gap, 10**8],
    ]


def valid(inp):
    stones, d = inp
    assert 1 <= len(stones) <= 10**5
    assert len(set(stones)) == len(stones)
    assert all(isinstance(x, int) and 0 <= x <= 10**9 for x in stones)
    assert 1 <= d <= 10**9
