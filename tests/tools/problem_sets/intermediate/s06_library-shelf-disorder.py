ID = "library-shelf-disorder"
TITLE = "Library Shelf Disorder"
PLATFORM = "atcoder"

BODY = r"""
A library shelf holds N books standing in a row, numbered 1 to N from left to right. Book i carries the catalogue number A_i. Several books may carry the same catalogue number (they are copies of the same title).

The librarian measures how messy the shelf is. A pair of books is out of order if the book further left has a strictly larger catalogue number than the book further right. Two books with the same catalogue number are never out of order.

Print the number of pairs (i, j) with 1 \leq i < j \leq N and A_i > A_j.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the number of pairs of books that are out of order.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The pairs out of order are (1, 2), (1, 4), (1, 5), (3, 4) and (3, 5): for example book 1 (catalogue number 3) stands left of book 2 (catalogue number 1). Books 2 and 4 both carry 1 and are not out of order.",
    "",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    a = [int(x) for x in data[1:1 + n]]
    # replace the values by their ranks 1..K
    rank = {v: i + 1 for i, v in enumerate(sorted(set(a)))}
    k = len(rank)
    tree = [0] * (k + 1)   # counts of the ranks seen so far
    total = 0
    for seen, v in enumerate(a):
        r = rank[v]
        # how many earlier values are <= v
        not_larger = 0
        i = r
        while i > 0:
            not_larger += tree[i]
            i -= i & -i
        total += seen - not_larger
        i = r
        while i <= k:
            tree[i] += 1
            i += i & -i
    print(total)

main()
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))
count = 0
for i in range(n):
    for j in range(i + 1, n):
        if a[i] > a[j]:
            count += 1
print(count)
"""


def fmt(a):
    return f"{len(a)}\n" + " ".join(map(str, a)) + "\n"


def small(rng):
    n = rng.randint(1, 10)
    hi = rng.choice([1, 2, 4, 10, 10**9])
    return fmt([rng.randint(1, hi) for _ in range(n)])


def public():
    return [
        fmt([3, 1, 4, 1, 2]),
        fmt([5, 7, 7, 9]),
    ]


def private(rng):
    n = 2 * 10**4
    return [
        fmt([1]),
        fmt([2, 1]),
        fmt([10**9] * 6),
        fmt([3, 3, 2, 2, 1, 1]),
        fmt([rng.randint(1, 3) for _ in range(40)]),
        fmt([rng.randint(1, 10**9) for _ in range(n)]),
        fmt([10**9 - i for i in range(n)]),
        fmt([rng.randint(1, 100) for _ in range(n)]),
        fmt([i + 1 if i % 2 == 0 else n - i for i in range(n)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5
    a = list(map(int, lines[1].split()))
    assert len(a) == n and all(1 <= x <= 10**9 for x in a)
    assert lines[2:] == [""]
