# Tier B: two or three steps.
ID = "letter-frequency-table"
TITLE = "Letter Frequency Table"
PLATFORM = "atcoder"

BODY = r"""
You are given a string S consisting of lowercase English letters.

For every letter that occurs in S, print the letter and the number of times it occurs. Print the letters in decreasing order of their number of occurrences; letters with the same number of occurrences are printed in alphabetical order.

Input

The input is given from Standard Input in the following format:
S

Output

Print one line for each letter that occurs in S, in the order described above. Each line contains the letter and its number of occurrences, separated by a space.

Constraints

- 1 \leq |S| \leq 100
- S consists of lowercase English letters.
"""

EXPLAIN = [
    "a occurs 5 times, b and r twice each (b comes first alphabetically), and c and d once each.",
    "Only the letter z occurs.",
]

REF = r"""
from collections import Counter
s = input().strip()
for c, k in sorted(Counter(s).items(), key=lambda kv: (-kv[1], kv[0])):
    print(c, k)
"""

BRUTE = r"""
s = input().strip()
for k in range(len(s), 0, -1):
    for c in "abcdefghijklmnopqrstuvwxyz":
        if s.count(c) == k:
            print(c + " " + str(k))
"""


def small(rng):
    alpha = rng.choice(["a", "ab", "abc", "xyz", "abcdefghijklmnopqrstuvwxyz"])
    return "".join(rng.choice(alpha) for _ in range(rng.randint(1, 10))) + "\n"


def public():
    return ["abracadabra\n", "zzz\n"]


def private(rng):
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [
        "q\n",
        "ba\n",
        "zyxwvutsrqponmlkjihgfedcba\n",
        "mississippi\n",
        "aabbccddee\n",
        "c" * 100 + "\n",
        "".join(rng.choice(letters) for _ in range(100)) + "\n",
        "".join(rng.choice("pqrs") for _ in range(40)) + "\n",
    ]


def valid(inp):
    import re
    assert re.fullmatch(r"[a-z]{1,100}\n", inp)
