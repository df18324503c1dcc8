ID = "snail-garden-tour"
TITLE = "Snail Garden Tour"
PLATFORM = "atcoder"

BODY = r"""
A botanical garden is laid out as a grid of flower beds with R rows and C columns. The bed in the i-th row from the top and the j-th column from the left carries the label A_{i,j}.

A guide leads visitors on the "snail tour", which visits every bed exactly once. The tour starts at the top-left bed and first walks to the right. Whenever the next bed in the current direction would be outside the garden or has already been visited, the guide turns 90 degrees clockwise (right, then down, then left, then up, then right again, and so on) and continues. The tour ends when every bed has been visited.

Print the labels of the beds in the order the tour visits them.

Input

The input is given from Standard Input in the following format:
R C
A_{1,1} A_{1,2} \ldots A_{1,C}
A_{2,1} A_{2,2} \ldots A_{2,C}
\vdots
A_{R,1} A_{R,2} \ldots A_{R,C}

Output

Print R \times C integers on one line, separated by spaces: the labels in the order of the tour.

Constraints

- 1 \leq R \leq 100
- 1 \leq C \leq 100
- 0 \leq A_{i,j} \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The tour walks right along the top row (1 2 3 4), down the right column (8 12), left along the bottom row (11 10 9), up to the second row (5), and finally right through the middle (6 7).",
    "Labels may repeat; the tour visits the top row left to right, then the bottom row right to left.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    r, c = int(data[0]), int(data[1])
    a = [data[2 + i * c: 2 + (i + 1) * c] for i in range(r)]
    top, bottom, left, right = 0, r - 1, 0, c - 1
    out = []
    while top <= bottom and left <= right:
        for j in range(left, right + 1):
            out.append(a[top][j])
        for i in range(top + 1, bottom + 1):
            out.append(a[i][right])
        if top < bottom and left < right:
            for j in range(right - 1, left - 1, -1):
                out.append(a[bottom][j])
            for i in range(bottom - 1, top, -1):
                out.append(a[i][left])
        top += 1
        bottom -= 1
        left += 1
        right -= 1
    print(" ".join(out))

main()
"""

BRUTE = r"""
r, c = map(int, input().split())
grid = [input().split() for _ in range(r)]
seen = [[False] * c for _ in range(r)]
moves = [(0, 1), (1, 0), (0, -1), (-1, 0)]
i, j, d = 0, 0, 0
order = []
for _ in range(r * c):
    order.append(grid[i][j])
    seen[i][j] = True
    for _ in range(4):
        ni, nj = i + moves[d][0], j + moves[d][1]
        if 0 <= ni < r and 0 <= nj < c and not seen[ni][nj]:
            break
        d = (d + 1) % 4
    i, j = ni, nj
print(*order)
"""


def fmt(grid):
    return f"{len(grid)} {len(grid[0])}\n" + "".join(" ".join(map(str, row)) + "\n" for row in grid)


def numbered(r, c):
    return [[i * c + j + 1 for j in range(c)] for i in range(r)]


def small(rng):
    r = rng.choice([1, 1, 2, rng.randint(1, 7)])
    c = rng.choice([1, 1, 2, rng.randint(1, 7)])
    if rng.random() < 0.5:
        r, c = c, r
    hi = rng.choice([9, 10**9])
    return fmt([[rng.randint(0, hi) for _ in range(c)] for _ in range(r)])


def public():
    return [
        fmt(numbered(3, 4)),
        fmt([[4, 0, 4], [9, 9, 1]]),
    ]


def private(rng):
    def rand(r, c, hi=10**9):
        return [[rng.randint(0, hi) for _ in range(c)] for _ in range(r)]
    return [
        fmt([[5]]),
        fmt(rand(1, 100)),
        fmt(rand(100, 1)),
        fmt(numbered(2, 2)),
        fmt(numbered(5, 5)),
        fmt(numbered(4, 7)),
        fmt(numbered(9, 2)),
        fmt([[0] * 3 for _ in range(6)]),
        fmt(rand(99, 100)),
        fmt(rand(100, 100)),
    ]


def valid(inp):
    lines = inp.split("\n")
    r, c = map(int, lines[0].split())
    assert 1 <= r <= 100 and 1 <= c <= 100
    assert len(lines) == r + 2 and lines[-1] == ""
    for line in lines[1:r + 1]:
        row = list(map(int, line.split()))
        assert len(row) == c and all(0 <= x <= 10**9 for x in row)
