# Tier B: two or three steps.
ID = "words-by-first-letter"
TITLE = "Distinct Words by First Letter"
PLATFORM = "atcoder"

BODY = r"""
You are given N words W_1, W_2, \ldots, W_N. The same word may occur several times.

For every letter c such that at least one word starts with c, count the number of different words that start with c (a word that occurs several times is counted once).

Input

The input is given from Standard Input in the following format:
N
W_1 W_2 \ldots W_N

Output

For every such letter, in alphabetical order, print one line containing the letter and its count of different words, separated by a space.

Constraints

- 1 \leq N \leq 100
- Each W_i consists of 1 to 10 lowercase English letters.
- N is an integer.
"""

EXPLAIN = [
    "The different words are apple, avocado, banana and cherry: two start with a, one with b and one with c.",
    "The only different word is zebra.",
]

REF = r"""
n = int(input())
words = set(input().split())
count = {}
for w in words:
    count[w[0]] = count.get(w[0], 0) + 1
for c in sorted(count):
    print(c, count[c])
"""

BRUTE = r"""
n = int(input())
words = input().split()
for c in "abcdefghijklmnopqrstuvwxyz":
    seen = []
    for w in words:
        if w.startswith(c) and w not in seen:
            seen.append(w)
    if seen:
        print(c + " " + str(len(seen)))
"""


def fmt(words):
    return f"{len(words)}\n{' '.join(words)}\n"


def word(rng, alpha):
    return "".join(rng.choice(alpha) for _ in range(rng.randint(1, 3)))


def small(rng):
    alpha = rng.choice(["ab", "abc", "xyz", "a"])
    return fmt([word(rng, alpha) for _ in range(rng.randint(1, 8))])


def public():
    return [fmt(["banana", "apple", "cherry", "apple", "avocado"]), fmt(["zebra", "zebra"])]


def private(rng):
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [
        fmt(["a"]),
        fmt(["b", "a"]),
        fmt(["ab", "a", "abc", "ab", "a"]),
        fmt(["x"] * 100),
        fmt([c + "z" for c in reversed(letters)]),
        fmt(["dog", "do", "d", "dot", "dog", "dot"]),
        fmt([word(rng, letters) for _ in range(100)]),
        fmt([word(rng, "mn") for _ in range(50)]),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n = int(lines[0])
    words = lines[1].split(" ")
    assert 1 <= n <= 100 and len(words) == n
    assert all(re.fullmatch(r"[a-z]{1,10}", w) for w in words)
