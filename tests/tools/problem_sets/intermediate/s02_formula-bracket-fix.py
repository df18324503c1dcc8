ID = "formula-bracket-fix"
TITLE = "Formula Bracket Fix"
PLATFORM = "atcoder"

BODY = r"""
Kenta copied a long formula from an old printout, but the scanner only kept its brackets. What is left is a string S of length N consisting of the characters ( and ).

A string of brackets is balanced if it has as many ( as ), and every prefix of it contains at least as many ( as ). For example, (()()) and the empty string are balanced, while )( and (() are not.

Kenta considers two ways to repair S, and wants to know the cost of each one separately.

- Repair by insertion: he may insert characters ( or ) at any positions of S (at the beginning, at the end, or between two characters). What is the minimum number of inserted characters that makes S balanced?
- Repair by flipping: he may choose some positions of S and flip the character there, turning ( into ) or ) into (. No character may be inserted or removed. What is the minimum number of flipped positions that makes S balanced? If no choice of flips makes S balanced, the answer is -1.

Input

The input is given from Standard Input in the following format:
N
S

Output

Print two lines. The first line must contain the minimum number of insertions, and the second line the minimum number of flips (or -1).

Constraints

- 1 \leq N \leq 2 \times 10^5
- N is an integer.
- S is a string of length N consisting of ( and ).
"""

EXPLAIN = [
    "Inserting one ( at the front and three ) at the end gives ()(()(())), so 4 insertions are enough. Flipping the 1st, 5th and 6th characters gives ((())), so 3 flips are enough. Neither can be done with fewer.",
    "Three insertions give ((())). The length 3 is odd and flipping never changes the length, so no balanced string can be reached by flips.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    s = data[1]
    opened = 0   # ( still waiting for a partner
    closed = 0   # ) that found no partner
    for ch in s:
        if ch == "(":
            opened += 1
        elif opened > 0:
            opened -= 1
        else:
            closed += 1
    # what is left unmatched looks like ))...)((...(
    print(opened + closed)
    if (opened + closed) % 2 == 1:
        print(-1)
    else:
        print((closed + 1) // 2 + (opened + 1) // 2)

main()
"""

BRUTE = r"""
from collections import deque
import itertools

n = int(input())
s = input().strip()

def balanced(t):
    bal = 0
    for ch in t:
        bal += 1 if ch == "(" else -1
        if bal < 0:
            return False
    return bal == 0

# insertions: breadth-first search over the strings reachable by inserting one character at a time
dist = {s: 0}
queue = deque([s])
ins = None
while queue:
    t = queue.popleft()
    if balanced(t):
        ins = dist[t]
        break
    for i in range(len(t) + 1):
        for ch in "()":
            u = t[:i] + ch + t[i:]
            if u not in dist:
                dist[u] = dist[t] + 1
                queue.append(u)
print(ins)

# flips: try every set of positions
best = -1
for mask in range(1 << n):
    t = "".join((")" if s[i] == "(" else "(") if mask >> i & 1 else s[i] for i in range(n))
    if balanced(t):
        k = bin(mask).count("1")
        if best == -1 or k < best:
            best = k
print(best)
"""


def fmt(s):
    return f"{len(s)}\n{s}\n"


def small(rng):
    n = rng.randint(1, 6)
    p = rng.choice([0.2, 0.5, 0.5, 0.8])
    return fmt("".join("(" if rng.random() < p else ")" for _ in range(n)))


def public():
    return [
        fmt(")(()(("),
        fmt("((("),
    ]


def private(rng):
    n = 2 * 10**4
    # a long random string, a balanced one, and the worst case ))..)((..(
    rand_big = "".join(rng.choice("()") for _ in range(n))
    bal = []
    depth = 0
    for i in range(n):
        rest = n - i
        if depth == 0 or (depth < rest and rng.random() < 0.5):
            bal.append("(")
            depth += 1
        else:
            bal.append(")")
            depth -= 1
    return [
        fmt("("),
        fmt(")"),
        fmt(")("),
        fmt(")))((("),
        fmt("))))(("),
        fmt("(()))(()())((()"),
        fmt(")())(()())((())("),
        fmt(rand_big),
        fmt("".join(bal)),
        fmt(")" * 99999 + "(" * 100001),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5
    s = lines[1]
    assert len(s) == n and set(s) <= set("()")
    assert lines[2:] == [""]
