ID = "league-table-order"
TITLE = "League Table Order"
FUNC = "leagueTable"
SIGNATURE = "def leagueTable(self, results: List[str]) -> List[str]:"

BODY = r"""
You are given the results of the matches played in a football league. Each result is a string of the form "A x-y B": team A scored x goals and team B scored y goals, where A and B are different team names made of lowercase English letters, x and y are non-negative integers written in decimal without leading zeros (they may have more than one digit), and single spaces separate A from "x-y" and "x-y" from B.

For every team, over all matches it played (as A or as B):
- it gets 3 points for each win (it scored more goals than its opponent), 1 point for each draw (equal goals) and 0 points for each loss;
- its goals scored is the total number of goals it scored, and its goal difference is its goals scored minus the total number of goals scored against it (this can be negative).

Return the names of all teams that appear in results, each exactly once, ordered by:
1. points, higher first;
2. if points are equal, goal difference, higher first;
3. if those are also equal, goals scored, higher first;
4. if those are also equal, the team name in lexicographic (dictionary) order, smaller first.

Two teams may meet more than once; every match counts.
"""

EXPLAIN = [
    "lions win both of their matches (6 points). tigers and bears have 1 point each (a draw and a loss); the goal difference of tigers is -1 and that of bears is -2.",
    "b wins twice (6 points). a and ab have 1 point each; the goal difference of a is -3 and that of ab is -10.",
]

CONSTRAINTS = r"""
1 <= results.length <= 100
Each results[i] has the form "A x-y B" described above.
1 <= length of each team name <= 10
0 <= x, y <= 20
"""

REF = r"""
class Solution:
    def leagueTable(self, results: List[str]) -> List[str]:
        stats = {}
        for line in results:
            a, score, b = line.split()
            x, y = map(int, score.split('-'))
            for team, mine, theirs in ((a, x, y), (b, y, x)):
                if team not in stats:
                    stats[team] = [0, 0, 0]
                s = stats[team]
                if mine > theirs:
                    s[0] += 3
                elif mine == theirs:
                    s[0] += 1
                s[1] += mine - theirs
                s[2] += mine
        return sorted(stats, key=lambda t: (-stats[t][0], -stats[t][1], -stats[t][2], t))
"""

BRUTE = r"""
import functools
class Solution:
    def leagueTable(self, results: List[str]) -> List[str]:
        games = []
        for line in results:
            first = line.index(' ')
            last = line.rindex(' ')
            a = line[:first]
            b = line[last + 1:]
            mid = line[first + 1:last]
            dash = mid.index('-')
            games.append((a, int(mid[:dash]), int(mid[dash + 1:]), b))
        teams = []
        for a, x, y, b in games:
            if a not in teams:
                teams.append(a)
            if b not in teams:
                teams.append(b)
        def record(t):
            pts = gf = ga = 0
            for a, x, y, b in games:
                if t == a:
                    f, g = x, y
                elif t == b:
                    f, g = y, x
                else:
                    continue
                gf += f
                ga += g
                if f > g:
                    pts += 3
                if f == g:
                    pts += 1
            return pts, gf - ga, gf
        def cmp(s, t):
            rs, rt = record(s), record(t)
            for i in range(3):
                if rs[i] != rt[i]:
                    return -1 if rs[i] > rt[i] else 1
            return -1 if s < t else (1 if s > t else 0)
        return sorted(teams, key=functools.cmp_to_key(cmp))
"""

NAMES = ["a", "ab", "abc", "b", "ba", "lions", "bears", "owls", "z"]


def rand_results(rng, m, names, gmax):
    out = []
    for _ in range(m):
        a, b = rng.sample(names, 2)
        out.append(f"{a} {rng.randint(0, gmax)}-{rng.randint(0, gmax)} {b}")
    return out


def small(rng):
    names = rng.sample(NAMES, rng.randint(2, 5))
    return [rand_results(rng, rng.randint(1, 6), names, rng.choice([1, 2, 3, 12, 20]))]


def public():
    return [
        [["lions 2-1 tigers", "bears 0-2 lions", "tigers 1-1 bears"]],
        [["ab 1-1 a", "b 10-0 ab", "a 0-3 b"]],
    ]


def private(rng):
    many = ["t" + c for c in "abcdefghijkl"]
    return [
        [["x 0-0 y"]],
        [["b 1-1 a", "a 2-2 c", "c 0-0 b"]],
        [["abc 2-2 ab", "b 0-0 a"]],
        [["p 2-0 q", "q 3-1 p", "r 12-11 s", "s 0-0 r"]],
        [["mid 5-5 top", "top 0-1 mid", "low 20-0 mid", "top 1-0 low"]],
        [["team 2-1 club", "team 2-1 club", "club 4-0 team"]],
        [["aa 1-0 bb", "bb 2-1 cc", "cc 3-2 aa", "aa 0-1 bb", "bb 1-2 cc", "cc 2-3 aa"]],
        [rand_results(rng, 100, many, 5)],
        [rand_results(rng, 100, ["red", "blue", "green", "gray", "pink"], 2)],
        [rand_results(rng, 60, NAMES, 20)],
    ]


def valid(inp):
    (results,) = inp
    assert 1 <= len(results) <= 100
    for line in results:
        parts = line.split(" ")
        assert len(parts) == 3
        a, score, b = parts
        assert a != b and a.isalpha() and b.isalpha() and a.islower() and b.islower()
        assert 1 <= len(a) <= 10 and 1 <= len(b) <= 10 and a.isascii() and b.isascii()
        xs = score.split("-")
        assert len(xs) == 2
        for v in xs:
            assert v.isdigit() and str(int(v)) == v and 0 <= int(v) <= 20
