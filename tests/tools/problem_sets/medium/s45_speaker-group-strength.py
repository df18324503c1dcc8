ID = "speaker-group-strength"
TITLE = "Speaker Group Strength"
PLATFORM = "atcoder"

BODY = r"""
N loudspeakers stand in a row on a stage; speaker i has power A_i. The sound engineer will switch on one group of consecutive speakers, that is, speakers l, l + 1, \ldots, r for some 1 \leq l \leq r \leq N. A group is only as clear as its weakest speaker, so the strength of the group is

(\min(A_l, A_{l+1}, \ldots, A_r)) \times (A_l + A_{l+1} + \cdots + A_r).

Print the maximum strength over all groups of consecutive speakers. Print the exact value (no modulo).

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the maximum strength of a group.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq A_i \leq 10^7
- All input values are integers.
"""

EXPLAIN = [
    "Speakers 2 to 4 have powers 3, 4, 3: the minimum is 3 and the sum is 10, so the strength is 30. Speaker 3 alone gives 4 \\times 4 = 16, and the whole row gives 1 \\times 13 = 13.",
    "The single speaker 1 gives 8 \\times 8 = 64, which beats every longer group, for example 2 \\times 10 = 20 for speakers 1 and 2.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    pre = [0] * (n + 1)
    for i, x in enumerate(a):
        pre[i + 1] = pre[i] + x
    left = [0] * n
    stack = []
    for i in range(n):
        while stack and a[stack[-1]] >= a[i]:
            stack.pop()
        left[i] = stack[-1] + 1 if stack else 0
        stack.append(i)
    right = [n - 1] * n
    stack = []
    for i in range(n - 1, -1, -1):
        while stack and a[stack[-1]] >= a[i]:
            stack.pop()
        right[i] = stack[-1] - 1 if stack else n - 1
        stack.append(i)
    best = 0
    for i in range(n):
        v = a[i] * (pre[right[i] + 1] - pre[left[i]])
        if v > best:
            best = v
    print(best)

main()
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))
best = 0
for l in range(n):
    for r in range(l, n):
        seg = a[l:r + 1]
        best = max(best, min(seg) * sum(seg))
print(best)
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    hi = rng.choice([1, 3, 10, 10**7])
    return fmt([rng.randint(1, hi) for _ in range(n)])


def public():
    return [fmt([1, 3, 4, 3, 2]), fmt([8, 2, 1, 2, 1])]


def private(rng):
    big = [rng.randint(1, 10**7) for _ in range(10000)]
    valley = [rng.randint(1, 5) for _ in range(3000)]
    return [
        fmt([10**7]),
        fmt([5] * 40),
        fmt(list(range(1, 201))),
        fmt(list(range(300, 0, -1))),
        fmt([2, 1, 2, 2, 1, 2, 2, 2, 1, 100]),
        fmt([10**7] * 3 + [1] + [10**7 - 1] * 4),
        fmt(valley),
        fmt(big),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    a = list(map(int, lines[1].split()))
    assert 1 <= n <= 2 * 10**5 and len(a) == n and len(lines) == 3 and lines[2] == ""
    assert all(1 <= x <= 10**7 for x in a)
