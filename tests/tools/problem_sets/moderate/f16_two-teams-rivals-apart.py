ID = "two-teams-rivals-apart"
TITLE = "Two Teams With Rivals Apart"
FUNC = "bestSplit"
SIGNATURE = "def bestSplit(self, skill: List[int], rivals: List[List[int]]) -> int:"

BODY = r"""
There are n players numbered 0 to n - 1; player i has skill skill[i]. Split all players into two teams A and B so that:

1. every player is in exactly one of the two teams (a team may be empty only when n = 1);
2. the numbers of players in the two teams differ by at most 1;
3. for every pair [u, v] in rivals, players u and v are in different teams.

The imbalance of a split is |(sum of skills in A) - (sum of skills in B)|. Return the smallest imbalance over all splits that satisfy the three rules, or -1 if no split satisfies them.
"""

EXPLAIN = [
    "Players 0 and 2 must be separated and each team has two players. {0, 1} against {2, 3} gives |8 - 10| = 2; {0, 3} against {1, 2} gives |7 - 11| = 4.",
    "Player 0 is with one other player (11 against 3) or with two other players (12 against 2); the best imbalance is 8. Players 1 and 2 can always be put in different teams.",
]

CONSTRAINTS = r"""
1 <= n == skill.length <= 12
1 <= skill[i] <= 1000
0 <= rivals.length <= 20
rivals[j].length == 2, 0 <= rivals[j][0], rivals[j][1] < n, rivals[j][0] != rivals[j][1]
The same pair may appear more than once, in either order.
"""

REF = r"""
class Solution:
    def bestSplit(self, skill: List[int], rivals: List[List[int]]) -> int:
        n = len(skill)
        total = sum(skill)
        best = -1
        for mask in range(1 << n):
            size = bin(mask).count('1')
            if abs(size - (n - size)) > 1:
                continue
            if any(((mask >> u) & 1) == ((mask >> v) & 1) for u, v in rivals):
                continue
            a = sum(skill[i] for i in range(n) if (mask >> i) & 1)
            diff = abs(total - 2 * a)
            if best == -1 or diff < best:
                best = diff
        return best
"""

BRUTE = r"""
from itertools import combinations
class Solution:
    def bestSplit(self, skill: List[int], rivals: List[List[int]]) -> int:
        n = len(skill)
        answers = []
        for size in {n // 2, (n + 1) // 2}:
            for team in combinations(range(n), size):
                inside = set(team)
                ok = True
                for u, v in rivals:
                    if (u in inside) == (v in inside):
                        ok = False
                if ok:
                    a = sum(skill[i] for i in team)
                    b = sum(skill) - a
                    answers.append(abs(a - b))
        return min(answers) if answers else -1
"""


def rand_rivals(rng, n, cnt):
    if n < 2:
        return []
    out = []
    for _ in range(cnt):
        u, v = rng.sample(range(n), 2)
        out.append([u, v])
    return out


def across_rivals(rng, n, cnt):
    # pairs that some balanced split keeps apart
    order = list(range(n))
    rng.shuffle(order)
    a, b = order[: n // 2], order[n // 2:]
    out = []
    for _ in range(cnt):
        u, v = rng.choice(a), rng.choice(b)
        out.append([u, v] if rng.random() < 0.5 else [v, u])
    return out


def small(rng):
    n = rng.randint(1, 8)
    hi = rng.choice([1, 5, 20, 1000])
    skill = [rng.randint(1, hi) for _ in range(n)]
    cnt = rng.choice([0, 1, 2, 3, rng.randint(0, 10)])
    if n >= 2 and rng.random() < 0.4:
        return [skill, across_rivals(rng, n, cnt)]
    return [skill, rand_rivals(rng, n, cnt)]


def public():
    return [[[5, 3, 8, 2], [[0, 2]]], [[10, 1, 1, 1, 1], [[1, 2]]]]


def private(rng):
    n12 = [rng.randint(1, 1000) for _ in range(12)]
    return [
        [[7], []],                                               # n = 1
        [[4, 4, 4], [[0, 1], [1, 2], [2, 0]]],                   # odd cycle: -1
        [[3, 1, 2, 5], [[0, 1], [0, 2], [0, 3]]],                # sizes 1 and 3: -1
        [[6, 6, 6, 6, 6, 6], [[0, 1], [1, 0], [0, 1]]],          # repeated pair, answer 0
        [[9, 3, 3, 3], []],                                      # sizes must be 2 and 2: 6, not 0
        [[1000] * 11 + [1], []],
        [n12, []],
        [n12, [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [1, 2], [3, 4]]],
        [[rng.randint(1, 1000) for _ in range(11)], rand_rivals(rng, 11, 6)],
        [[rng.randint(1, 1000) for _ in range(12)], across_rivals(rng, 12, 20)],
    ]


def valid(inp):
    skill, rivals = inp
    n = len(skill)
    assert 1 <= n <= 12
    assert all(isinstance(x, int) and 1 <= x <= 1000 for x in skill)
    assert 0 <= len(rivals) <= 20
    for p in rivals:
        assert len(p) == 2 and 0 <= p[0] < n and 0 <= p[1] < n and p[0] != p[1]
