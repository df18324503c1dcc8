ID = "bead-bracelet-clasp"
TITLE = "Bead Bracelet Clasp"
PLATFORM = "atcoder"

BODY = r"""
Snuke has a bracelet made of N beads threaded on a closed loop. Each bead carries a lowercase English letter. Reading the beads clockwise, starting just after the clasp, gives the string S of length N.

Snuke may move the clasp. Moving it clockwise past k beads (0 \leq k \leq N-1) makes the reading start at the (k+1)-th letter of S: the new reading is the string obtained by removing the first k letters of S and appending them, in the same order, to its end.

Snuke wants the reading to be as small as possible in lexicographic order. Print the smallest reading he can obtain, and the smallest k that gives this reading.

Input

The input is given from Standard Input in the following format:
S

Output

Print two lines. The first line must contain the lexicographically smallest reading. The second line must contain the smallest k that gives it.

Constraints

- S is a string of lowercase English letters.
- 1 \leq |S| \leq 2000
"""

EXPLAIN = [
    "The possible readings are bcab (k = 0), cabb (k = 1), abbc (k = 2) and bbca (k = 3). The smallest is abbc.",
    "The readings for k = 1 and k = 3 are both abab, the smallest one; the smaller k is 1.",
]

REF = r"""
import sys

def main():
    s = sys.stdin.read().split()[0]
    n = len(s)
    # two candidate starts i < j; k letters compared equal so far
    i, j, k = 0, 1, 0
    while i < n and j < n and k < n:
        a = s[(i + k) % n]
        b = s[(j + k) % n]
        if a == b:
            k += 1
            continue
        if a > b:
            i += k + 1
        else:
            j += k + 1
        if i == j:
            j += 1
        k = 0
    start = min(i, j)
    print(s[start:] + s[:start])
    print(start)

main()
"""

BRUTE = r"""
s = input().strip()
n = len(s)
best = None
best_k = -1
for k in range(n):
    t = s[k:] + s[:k]
    if best is None or t < best:
        best = t
        best_k = k
print(best)
print(best_k)
"""


def small(rng):
    kind = rng.random()
    letters = rng.choice(["ab", "abc", "a", "xyz", "ba"])
    if kind < 0.4:
        base = "".join(rng.choice(letters) for _ in range(rng.randint(1, 4)))
        s = base * rng.randint(1, 4)
        k = rng.randint(0, len(s) - 1)
        s = s[k:] + s[:k]
    else:
        s = "".join(rng.choice(letters) for _ in range(rng.randint(1, 12)))
    return s + "\n"


def public():
    return ["bcab\n", "baba\n"]


def private(rng):
    rand = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(2000))
    period = "".join(rng.choice("ab") for _ in range(7))
    rep = period * 285
    rep = rep[700:] + rep[:700]
    runs = "b" * 700 + "a" * 300 + "b" * 300 + "a" * 300 + "c" * 400
    return [
        "q\n",
        "z" * 2000 + "\n",
        "zyxwvutsrqponmlkjihgfedcba\n",
        "aab" * 5 + "aa\n",
        "cabcab\n",
        "abababababab" + "a\n",
        "".join(rng.choice("ab") for _ in range(2000)) + "\n",
        rep + "\n",
        runs + "\n",
        rand + "\n",
    ]


def valid(inp):
    assert inp.endswith("\n") and inp.count("\n") == 1
    s = inp[:-1]
    assert 1 <= len(s) <= 2000
    assert all("a" <= ch <= "z" for ch in s)
