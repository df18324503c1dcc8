# Tier B: two or three steps.
ID = "highest-total-score"
TITLE = "Highest Total Score"
PLATFORM = "atcoder"

BODY = r"""
You are given N score records. The i-th record consists of a name P_i and a score S_i. The same name may appear in several records.

The total of a name is the sum of the scores of all records with that name. Find the name with the largest total. If several names share the largest total, choose the lexicographically smallest of them.

Input

The input is given from Standard Input in the following format:
N
P_1 S_1
P_2 S_2
\vdots
P_N S_N

Output

Print the chosen name and its total, separated by a space.

Constraints

- 1 \leq N \leq 100
- Each P_i consists of 1 to 10 lowercase English letters.
- 0 \leq S_i \leq 100
- N and every S_i are integers.
"""

EXPLAIN = [
    "The totals are ann 70 + 20 = 90, bob 85 and cid 90. ann and cid share the largest total 90, and ann is lexicographically smaller.",
    "Every total is 0; al is the lexicographically smallest name.",
]

REF = r"""
n = int(input())
total = {}
for _ in range(n):
    name, score = input().split()
    total[name] = total.get(name, 0) + int(score)
best = min(total, key=lambda p: (-total[p], p))
print(best, total[best])
"""

BRUTE = r"""
n = int(input())
rows = [input().split() for _ in range(n)]
names = sorted(set(r[0] for r in rows))
best_name, best_total = None, -1
for name in names:
    t = 0
    for r in rows:
        if r[0] == name:
            t += int(r[1])
    if t > best_total:
        best_name, best_total = name, t
print(best_name + " " + str(best_total))
"""


def fmt(rows):
    return f"{len(rows)}\n" + "".join(f"{p} {s}\n" for p, s in rows)


def small(rng):
    names = rng.sample(["a", "ab", "b", "ba", "c", "zed"], rng.randint(1, 4))
    n = rng.randint(1, 7)
    return fmt([(rng.choice(names), rng.choice([0, 1, 2, 3, 5, 100])) for _ in range(n)])


def public():
    return [
        fmt([("cid", 90), ("ann", 70), ("bob", 85), ("ann", 20)]),
        fmt([("zoe", 0), ("al", 0), ("zoe", 0)]),
    ]


def private(rng):
    names = ["amy", "amber", "ben", "carl", "dora", "eve", "finn", "gus", "hana", "ivo"]
    return [
        fmt([("x", 0)]),
        fmt([("solo", 100)]),
        fmt([("b", 50), ("a", 50)]),
        fmt([("amy", 100), ("amber", 60), ("amber", 40)]),
        fmt([("z", 10), ("y", 5), ("y", 5), ("x", 9)]),
        fmt([("abcdefghij", 100)] * 100),
        fmt([(rng.choice(names), rng.randint(0, 100)) for _ in range(100)]),
        fmt([(rng.choice(names[:3]), rng.randint(0, 3)) for _ in range(60)]),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 1
    for line in lines[1:]:
        p, s = line.split(" ")
        assert re.fullmatch(r"[a-z]{1,10}", p) and re.fullmatch(r"0|[1-9][0-9]*", s) and 0 <= int(s) <= 100
