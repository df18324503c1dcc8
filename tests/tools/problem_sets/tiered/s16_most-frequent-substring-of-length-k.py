# Tier B: two or three steps.
ID = "most-frequent-substring-of-length-k"
TITLE = "Most Frequent Substring of Length K"
PLATFORM = "atcoder"

BODY = r"""
You are given a string S consisting of lowercase English letters and an integer K.

Consider the |S| - K + 1 substrings of S of length K that start at positions 1, 2, \ldots, |S| - K + 1 (occurrences may overlap). Find the string T that occurs most often among them and its number of occurrences. If several strings occur equally often, choose the lexicographically smallest one. If K > |S|, S has no substring of length K: print NONE.

Input

The input is given from Standard Input in the following format:
S
K

Output

Print T and its number of occurrences, separated by a space, or NONE if K > |S|.

Constraints

- 1 \leq |S| \leq 100
- S consists of lowercase English letters.
- 1 \leq K \leq 100
- K is an integer.
"""

EXPLAIN = [
    "The substrings of length 2 are ab, ba, ab, ba, ab and bc (they overlap); ab occurs 3 times.",
    "S has only 3 characters, so it has no substring of length 4.",
]

REF = r"""
s = input().strip()
k = int(input())
if k > len(s):
    print("NONE")
else:
    cnt = {}
    for i in range(len(s) - k + 1):
        t = s[i:i + k]
        cnt[t] = cnt.get(t, 0) + 1
    best = min(cnt, key=lambda t: (-cnt[t], t))
    print(best, cnt[best])
"""

BRUTE = r"""
s = input().strip()
k = int(input())
subs = [s[i:i + k] for i in range(len(s)) if i + k <= len(s)]
if not subs:
    print("NONE")
else:
    best, bc = None, 0
    for t in sorted(subs):
        c = sum(1 for u in subs if u == t)
        if c > bc:
            best, bc = t, c
    print(best, bc)
"""


def small(rng):
    alpha = rng.choice(["a", "ab", "abc", "xyz"])
    s = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 9)))
    return f"{s}\n{rng.randint(1, 10)}\n"


def public():
    return ["abababc\n2\n", "xyz\n4\n"]


def private(rng):
    return [
        "a\n1\n",
        "a\n2\n",
        "aaaa\n2\n",
        "ba\n1\n",
        "abcde\n5\n",
        "zyxzyxab\n3\n",
        "".join(rng.choice("ab") for _ in range(100)) + "\n3\n",
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(100)) + "\n1\n",
        "q" * 99 + "\n100\n",
    ]


def valid(inp):
    import re
    m = re.fullmatch(r"([a-z]{1,100})\n([0-9]+)\n", inp)
    assert m and 1 <= int(m.group(2)) <= 100
