ID = "telegram-typo-repair"
TITLE = "Telegram Typo Repair"
PLATFORM = "atcoder"

BODY = r"""
A telegraph office received the word S, but the sender meant to send the word T. A clerk fixes the received word by hand. In one edit, the clerk may do exactly one of the following:

- Insert one lowercase English letter at any position of the current word (also at the very beginning or the very end).
- Delete one letter of the current word.
- Replace one letter of the current word with a different lowercase English letter.

Print the minimum number of edits needed to turn S into T. If S is already equal to T, the answer is 0.

Input

The input is given from Standard Input in the following format:
S
T

Output

Print the minimum number of edits.

Constraints

- S and T are strings of lowercase English letters.
- 1 \leq |S| \leq 500
- 1 \leq |T| \leq 500
"""

EXPLAIN = [
    "Replace the `d` of `dinner` with `w` (`winner`), then the second `n` with `t` (`winter`). One edit is not enough: the two words have the same length and differ in two positions.",
    "Delete `a` and `c`, the first and the last letter.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    s, t = data[0], data[1]
    m = len(t)
    prev = list(range(m + 1))
    for i in range(1, len(s) + 1):
        cur = [i] + [0] * m
        si = s[i - 1]
        for j in range(1, m + 1):
            if si == t[j - 1]:
                cur[j] = prev[j - 1]
            else:
                cur[j] = 1 + min(prev[j - 1], prev[j], cur[j - 1])
        prev = cur
    print(prev[m])

main()
"""

BRUTE = r"""
from collections import deque
s = input().strip()
t = input().strip()
letters = sorted(set(s) | set(t))
limit = max(len(s), len(t))
dist = {s: 0}
q = deque([s])
while q:
    w = q.popleft()
    if w == t:
        break
    nxt = []
    for i in range(len(w)):
        nxt.append(w[:i] + w[i + 1:])
        for c in letters:
            if c != w[i]:
                nxt.append(w[:i] + c + w[i + 1:])
    if len(w) < limit:
        for i in range(len(w) + 1):
            for c in letters:
                nxt.append(w[:i] + c + w[i:])
    for v in nxt:
        if v not in dist:
            dist[v] = dist[w] + 1
            q.append(v)
print(dist[t])
"""


def fmt(s, t):
    return f"{s}\n{t}\n"


def word(rng, n, letters):
    return "".join(rng.choice(letters) for _ in range(n))


def small(rng):
    letters = rng.choice(["ab", "abc", "a"])
    s = word(rng, rng.randint(1, 5), letters)
    if rng.random() < 0.15:
        return fmt(s, s)
    return fmt(s, word(rng, rng.randint(1, 5), letters))


def public():
    return [fmt("dinner", "winter"), fmt("abc", "b")]


def mutate(rng, s, k):
    w = list(s)
    for _ in range(k):
        op = rng.randint(0, 2)
        i = rng.randrange(len(w))
        if op == 0 and len(w) > 1:
            del w[i]
        elif op == 1 and len(w) < 500:
            w.insert(i, rng.choice("abcdefghijklmnopqrstuvwxyz"))
        else:
            w[i] = rng.choice("abcdefghijklmnopqrstuvwxyz")
    return "".join(w)


def private(rng):
    az = "abcdefghijklmnopqrstuvwxyz"
    base = word(rng, 480, az)
    return [
        fmt("x", "x"),
        fmt("a", "z"),
        fmt("q", "qqqqqqq"),
        fmt("abcdef", "fedcba"),
        fmt("sunday", "saturday"),
        fmt("a" * 500, "b" * 500),
        fmt(word(rng, 500, az), word(rng, 500, az)),
        fmt(base, mutate(rng, base, 40)),
        fmt(word(rng, 500, "ab"), word(rng, 137, "ab")),
        fmt("z" * 500, "z" * 500),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert len(lines) == 3 and lines[2] == ""
    for w in lines[:2]:
        assert 1 <= len(w) <= 500
        assert all("a" <= c <= "z" for c in w)
