ID = "palindrome-anagram-substrings"
TITLE = "Palindrome Anagram Substrings"
PLATFORM = "atcoder"

BODY = r"""
A puzzle magazine prints a string S of lowercase English letters. A reader may cut out any non-empty contiguous piece of S and then rearrange the letters of the piece in any order. The piece is called good if its letters can be rearranged into a palindrome (a string that reads the same forwards and backwards). For example, "aab" is good (it can become "aba"), "abab" is good (it can become "abba"), and "abc" is not good. Every single letter is good.

Print the number of pairs (l, r) with 1 \leq l \leq r \leq |S| such that the piece consisting of the l-th through r-th characters of S is good. Pieces at different positions are counted separately, even if they are equal as strings.

Input

The input is given from Standard Input in the following format:
S

Output

Print the number of good pieces.

Constraints

- 1 \leq |S| \leq 2 \times 10^5
- S consists of lowercase English letters.
"""

EXPLAIN = [
    "The good pieces are the 5 single letters, \"aba\" at positions 1-3, \"bab\" at 2-4, \"aba\" at 3-5, \"abab\" at 1-4, \"baba\" at 2-5 and \"ababa\" at 1-5, which makes 11. Pieces such as \"ab\" are not good.",
    "Besides the 10 single letters, the good pieces are \"cec\", \"aceca\" and \"racecar\".",
]

REF = r"""
import sys

def main():
    s = sys.stdin.read().split()[0]
    count = {0: 1}
    mask = 0
    total = 0
    singles = [1 << b for b in range(26)]
    for ch in s:
        mask ^= 1 << (ord(ch) - 97)
        total += count.get(mask, 0)
        for bit in singles:
            total += count.get(mask ^ bit, 0)
        count[mask] = count.get(mask, 0) + 1
    print(total)

main()
"""

BRUTE = r"""
from collections import Counter
s = input().strip()
n = len(s)
cnt = 0
for l in range(n):
    for r in range(l, n):
        odd = sum(1 for v in Counter(s[l:r + 1]).values() if v % 2 == 1)
        if odd <= 1:
            cnt += 1
print(cnt)
"""


def fmt(s):
    return s + "\n"


def small(rng):
    n = rng.randint(1, 12)
    alpha = rng.choice(["a", "ab", "abc", "xyz", "abcdefghijklmnopqrstuvwxyz"])
    return fmt("".join(rng.choice(alpha) for _ in range(n)))


def public():
    return [fmt("ababa"), fmt("racecarxyz")]


def private(rng):
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [
        fmt("z"),
        fmt("zz"),
        fmt("abcdefghijklmnopqrstuvwxyz"),
        fmt("a" * 3000),
        fmt("".join(rng.choice("ab") for _ in range(40))),
        fmt("".join(rng.choice("abc") for _ in range(20000))),
        fmt("".join(rng.choice(letters) for _ in range(20000))),
        fmt("".join(rng.choice("xy") for _ in range(50)) + "abcdefghijklmnopqrstuvwxyz" + "qwerty" * 500),
    ]


def valid(inp):
    assert inp.endswith("\n") and inp.count("\n") == 1
    s = inp[:-1]
    assert 1 <= len(s) <= 2 * 10**5
    assert all("a" <= ch <= "z" for ch in s)
