# Tier B: two or three steps.
ID = "rank-names-by-best-score"
TITLE = "Rank Names by Best Score"
FUNC = "rankByBest"
SIGNATURE = "def rankByBest(self, entries: List[str]) -> List[str]:"

BODY = r"""
You are given an array of strings entries. Each entry has the form "name:score", where name consists of lowercase English letters and score is a non-negative integer written in decimal without leading zeros. The same name may appear in several entries.

The best score of a name is the largest score among its entries. Return every name that appears in entries, each exactly once, ordered by best score from highest to lowest; names with the same best score are ordered lexicographically (smaller first).
"""

EXPLAIN = [
    "The best scores are ivy 90, max 90 and leo 75; ivy and max tie and are ordered by name.",
    "A single name with best score 0.",
]

CONSTRAINTS = r"""
1 <= entries.length <= 100
Each entries[i] has the form "name:score" described above.
1 <= length of each name <= 10
0 <= score <= 100
"""

REF = r"""
class Solution:
    def rankByBest(self, entries: List[str]) -> List[str]:
        best = {}
        for e in entries:
            name, score = e.split(":")
            best[name] = max(best.get(name, -1), int(score))
        return sorted(best, key=lambda n: (-best[n], n))
"""

BRUTE = r"""
class Solution:
    def rankByBest(self, entries: List[str]) -> List[str]:
        pairs = [(e[:e.index(":")], int(e[e.index(":") + 1:])) for e in entries]
        names = sorted(set(p[0] for p in pairs))
        out = []
        for s in range(100, -1, -1):
            for n in names:
                if max(v for m, v in pairs if m == n) == s:
                    out.append(n)
        return out
"""


def small(rng):
    names = rng.sample(["a", "ab", "b", "ba", "z"], rng.randint(1, 4))
    return [[f"{rng.choice(names)}:{rng.choice([0, 1, 2, 10, 100])}" for _ in range(rng.randint(1, 7))]]


def public():
    return [[["leo:75", "max:90", "ivy:60", "leo:40", "ivy:90"]], [["sam:0"]]]


def private(rng):
    names = ["al", "alma", "bea", "cy", "dot", "ed", "flo", "gil"]
    return [
        [["a:100"]],
        [["b:5", "a:5"]],
        [["x:1", "x:100", "x:0"]],
        [["alma:7", "al:7", "bea:8", "al:3"]],
        [["p:10", "q:9", "p:2", "q:10"]],
        [["abcdefghij:100", "abcdefghij:99"]],
        [[f"{rng.choice(names)}:{rng.randint(0, 100)}" for _ in range(100)]],
        [[f"{rng.choice(names)}:{rng.randint(0, 3)}" for _ in range(40)]],
    ]


def valid(inp):
    import re
    (entries,) = inp
    assert 1 <= len(entries) <= 100
    for e in entries:
        m = re.fullmatch(r"([a-z]{1,10}):(0|[1-9][0-9]*)", e)
        assert m and int(m.group(2)) <= 100
