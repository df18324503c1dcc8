# Tier A: one twist.
ID = "words-of-at-least-k-letters"
TITLE = "Words of at Least K Letters"
PLATFORM = "atcoder"

BODY = r"""
You are given N words W_1, W_2, \ldots, W_N and an integer K.

Print, in the order they are given, every word whose length is at least K. A word that occurs several times is printed every time it occurs. If no word has length at least K, print NONE.

Input

The input is given from Standard Input in the following format:
N K
W_1 W_2 \ldots W_N

Output

Print the words of length at least K on one line, separated by single spaces, in their input order. If there is no such word, print NONE.

Constraints

- 1 \leq N \leq 100
- 1 \leq K \leq 20
- Each W_i consists of 1 to 10 lowercase English letters.
- N and K are integers.
"""

EXPLAIN = [
    "The words with at least 4 letters are tree, house and tree (it occurs twice); cat has only 3 letters.",
    "Every word is shorter than 6 letters.",
]

REF = r"""
n, k = map(int, input().split())
words = input().split()
keep = [w for w in words if len(w) >= k]
print(" ".join(keep) if keep else "NONE")
"""

BRUTE = r"""
n, k = map(int, input().split())
words = input().split()
out = ""
for w in words:
    if len(w) < k:
        continue
    if out:
        out += " "
    out += w
if out == "":
    out = "NONE"
print(out)
"""

POOL = ["a", "an", "to", "cat", "dog", "tree", "house", "garden", "keyboard", "mountains"]


def word(rng):
    return "".join(rng.choice("abcde") for _ in range(rng.randint(1, 10)))


def fmt(k, words):
    return f"{len(words)} {k}\n{' '.join(words)}\n"


def small(rng):
    n = rng.randint(1, 6)
    words = [rng.choice(POOL) if rng.random() < 0.5 else word(rng) for _ in range(n)]
    return fmt(rng.randint(1, 12), words)


def public():
    return [fmt(4, ["tree", "cat", "house", "tree"]), fmt(6, ["sun", "moon", "star"])]


def private(rng):
    return [
        fmt(1, ["a"]),
        fmt(2, ["a"]),
        fmt(20, ["keyboard", "mountains", "abcdefghij"]),
        fmt(10, ["abcdefghij", "abcdefghi", "abcdefghij"]),
        fmt(3, ["cat", "dog", "cat", "to", "cat"]),
        fmt(5, ["an", "to", "a", "cat"]),
        fmt(6, [word(rng) for _ in range(100)]),
        fmt(1, [word(rng) for _ in range(50)]),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n, k = map(int, lines[0].split(" "))
    words = lines[1].split(" ")
    assert 1 <= n <= 100 and len(words) == n and 1 <= k <= 20
    assert all(re.fullmatch(r"[a-z]{1,10}", w) for w in words)
