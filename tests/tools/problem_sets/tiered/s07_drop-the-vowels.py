# Tier A: one twist.
ID = "drop-the-vowels"
TITLE = "Drop the Vowels"
PLATFORM = "atcoder"

BODY = r"""
You are given a string S consisting of lowercase English letters.

Remove every vowel (a, e, i, o and u) from S and print the result. The other letters keep their order. If nothing is left after the removal, print EMPTY instead.

Input

The input is given from Standard Input in the following format:
S

Output

Print S without its vowels, or EMPTY if S consists only of vowels.

Constraints

- 1 \leq |S| \leq 100
- S consists of lowercase English letters.
"""

EXPLAIN = [
    "Removing the vowels o, a and e from programmer leaves the other letters in their order: prgrmmr.",
    "aeiou consists only of vowels, so EMPTY is printed.",
]

REF = r"""
s = input().strip()
t = "".join(c for c in s if c not in "aeiou")
print(t if t else "EMPTY")
"""

BRUTE = r"""
s = input().strip()
t = s
for v in "aeiou":
    t = t.replace(v, "")
if len(t) == 0:
    print("EMPTY")
else:
    print(t)
"""


def small(rng):
    alpha = rng.choice(["aeiou", "aeioub", "abcdefghijklmnopqrstuvwxyz", "xyz"])
    return "".join(rng.choice(alpha) for _ in range(rng.randint(1, 8))) + "\n"


def public():
    return ["programmer\n", "aeiou\n"]


def private(rng):
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [
        "a\n",
        "b\n",
        "y\n",
        "uuuuuuuuuu\n",
        "rhythm\n",
        "queueing\n",
        "".join(rng.choice(letters) for _ in range(100)) + "\n",
        "".join(rng.choice("aeiouz") for _ in range(60)) + "\n",
    ]


def valid(inp):
    import re
    assert re.fullmatch(r"[a-z]{1,100}\n", inp)
