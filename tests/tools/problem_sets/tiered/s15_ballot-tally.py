# Tier B: two or three steps.
ID = "ballot-tally"
TITLE = "Ballot Tally"
PLATFORM = "atcoder"

BODY = r"""
N votes were cast; the i-th vote is for the candidate named V_i.

Print the number of votes of every candidate who received at least one vote, in decreasing order of the number of votes; candidates with the same number of votes are printed in lexicographic order of their names.

After that, print one more line: WINNER followed by the name of the candidate with the most votes if exactly one candidate has the most votes, or TIE if two or more candidates share the most votes.

Input

The input is given from Standard Input in the following format:
N
V_1
V_2
\vdots
V_N

Output

First print one line for each candidate, containing the name and the number of votes separated by a space, in the order described above. Then print the last line, either WINNER followed by a space and a name, or TIE.

Constraints

- 1 \leq N \leq 100
- Each V_i consists of 1 to 10 lowercase English letters.
- N is an integer.
"""

EXPLAIN = [
    "kim has 3 votes, lee 2 and ada 1; kim alone has the most votes.",
    "bo and al both have 2 votes (al is printed first), so the result is a tie.",
]

REF = r"""
n = int(input())
cnt = {}
for _ in range(n):
    v = input().strip()
    cnt[v] = cnt.get(v, 0) + 1
order = sorted(cnt.items(), key=lambda kv: (-kv[1], kv[0]))
for name, c in order:
    print(name, c)
if len(order) > 1 and order[0][1] == order[1][1]:
    print("TIE")
else:
    print("WINNER", order[0][0])
"""

BRUTE = r"""
n = int(input())
votes = [input().strip() for _ in range(n)]
names = sorted(set(votes))
top = max(votes.count(x) for x in names)
for c in range(top, 0, -1):
    for x in names:
        if votes.count(x) == c:
            print(x, c)
leaders = [x for x in names if votes.count(x) == top]
if len(leaders) == 1:
    print("WINNER " + leaders[0])
else:
    print("TIE")
"""


def fmt(votes):
    return f"{len(votes)}\n" + "".join(v + "\n" for v in votes)


def small(rng):
    names = rng.sample(["a", "ab", "b", "bob", "c", "zz"], rng.randint(1, 4))
    return fmt([rng.choice(names) for _ in range(rng.randint(1, 8))])


def public():
    return [fmt(["kim", "lee", "kim", "ada", "lee", "kim"]), fmt(["bo", "al", "bo", "al"])]


def private(rng):
    names = ["ann", "anna", "ben", "cleo", "dan", "emil", "fay"]
    return [
        fmt(["solo"]),
        fmt(["b", "a"]),
        fmt(["x", "x", "y"]),
        fmt(["anna", "ann", "ann", "anna", "ben", "ben", "cleo"]),
        fmt(["c", "b", "a", "c", "b", "a"]),
        fmt(["abcdefghij"] * 100),
        fmt([rng.choice(names) for _ in range(100)]),
        fmt([rng.choice(names[:2]) for _ in range(31)]),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 1
    assert all(re.fullmatch(r"[a-z]{1,10}", v) for v in lines[1:])
