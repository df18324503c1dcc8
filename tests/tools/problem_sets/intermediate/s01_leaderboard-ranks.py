ID = "leaderboard-ranks"
TITLE = "Leaderboard Ranks"
PLATFORM = "atcoder"

BODY = r"""
A programming contest had N participants. Participant i has the name S_i, solved P_i problems and collected a penalty of Q_i minutes. A participant is better than another if they solved more problems, or solved the same number of problems with a smaller penalty.

The rank of a participant is 1 plus the number of participants who are better than them. So participants with the same number of solved problems and the same penalty share a rank, and the ranks after such a tie are skipped (for example 1, 2, 2, 4).

Print the leaderboard: all participants ordered by rank, and participants with the same rank in lexicographic order of their names.

Input

The input is given from Standard Input in the following format:
N
S_1 P_1 Q_1
S_2 P_2 Q_2
\vdots
S_N P_N Q_N

Output

Print N lines. The j-th line must contain the rank and the name of the j-th participant of the leaderboard, separated by a space.

Constraints

- 1 \leq N \leq 1000
- S_i is a string of 1 to 10 lowercase English letters.
- S_1, S_2, \ldots, S_N are all different.
- 0 \leq P_i \leq 100
- 0 \leq Q_i \leq 10^4
- P_i and Q_i are integers.
"""

EXPLAIN = [
    "bob and dave both solved 3 problems with penalty 50 and share rank 1; carol is behind both of them, so her rank is 3. erin solved as many problems as alice but has a larger penalty.",
    "",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    people = []
    for i in range(n):
        name, p, q = data[1 + 3 * i], int(data[2 + 3 * i]), int(data[3 + 3 * i])
        people.append((-p, q, name))
    people.sort()
    out = []
    rank = 0
    for idx, (p, q, name) in enumerate(people):
        if idx == 0 or (p, q) != people[idx - 1][:2]:
            rank = idx + 1
        out.append(f"{rank} {name}")
    print("\n".join(out))

main()
"""

BRUTE = r"""
n = int(input())
rows = []
for _ in range(n):
    s, p, q = input().split()
    rows.append((s, int(p), int(q)))
ranked = []
for s, p, q in rows:
    better = 0
    for t, p2, q2 in rows:
        if p2 > p or (p2 == p and q2 < q):
            better += 1
    ranked.append((better + 1, s))
ranked.sort()
for r, s in ranked:
    print(r, s)
"""


def fmt(rows):
    return f"{len(rows)}\n" + "".join(f"{s} {p} {q}\n" for s, p, q in rows)


def names(rng, n, maxlen=4, letters="abcde"):
    seen = set()
    while len(seen) < n:
        seen.add("".join(rng.choice(letters) for _ in range(rng.randint(1, maxlen))))
    out = sorted(seen)  # a set's order changes with the hash seed
    rng.shuffle(out)
    return out


def small(rng):
    n = rng.randint(1, 7)
    return fmt([(s, rng.randint(0, 3), rng.randint(0, 3)) for s in names(rng, n)])


def public():
    return [
        fmt([("alice", 2, 30), ("bob", 3, 50), ("carol", 3, 70), ("dave", 3, 50), ("erin", 2, 45)]),
        fmt([("zed", 0, 0), ("amy", 0, 0), ("kim", 1, 9999)]),
    ]


def private(rng):
    big = names(rng, 1000, 10, "abcdefghijklmnopqrstuvwxyz")
    tie = names(rng, 200, 5, "xyz")
    return [
        fmt([("solo", 5, 100)]),
        fmt([("b", 1, 1), ("a", 1, 1)]),
        fmt([("c", 2, 10), ("b", 2, 20), ("a", 1, 0), ("d", 2, 10), ("e", 1, 0), ("f", 0, 0)]),
        fmt([(s, 100, 10**4) for s in names(rng, 50, 5)]),
        fmt([(s, rng.randint(0, 100), rng.randint(0, 10**4)) for s in big]),
        fmt([(s, rng.randint(0, 2), rng.randint(0, 2)) for s in tie]),
        fmt([(s, i % 7, 10 * (i % 3)) for i, s in enumerate(names(rng, 300, 6, "abcdefgh"))]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 1000
    seen = set()
    for line in lines[1:1 + n]:
        s, p, q = line.split()
        assert 1 <= len(s) <= 10 and s.isalpha() and s.islower() and s not in seen
        seen.add(s)
        assert 0 <= int(p) <= 100 and 0 <= int(q) <= 10**4
    assert lines[1 + n:] == [""]
