ID = "rising-photo-album"
TITLE = "Rising Photo Album"
PLATFORM = "atcoder"

BODY = r"""
Mika climbed a mountain ridge and took N photos along the way, in order. For the i-th photo she noted the altitude H_i of the place where it was taken.

She wants to put some of the photos into a small album. The photos in the album must keep the order in which they were taken, and each photo in the album must have been taken at a strictly higher altitude than the photo before it in the album. She does not need to use consecutive photos: any photos may be skipped.

Print the maximum number of photos the album can contain.

Input

The input is given from Standard Input in the following format:
N
H_1 H_2 \ldots H_N

Output

Print the maximum number of photos in the album.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq H_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "For example, the photos with altitudes 2, 5, 7, 101 (the 2nd, 4th, 5th and 7th photos) can form the album. No album has 5 photos.",
    "All altitudes are equal, and the altitudes in the album must increase strictly, so the album holds only one photo.",
]

REF = r"""
import sys
from bisect import bisect_left

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    # tails[k]: the smallest possible last altitude of an album of k + 1 photos
    tails = []
    for x in data[1:1 + n]:
        h = int(x)
        k = bisect_left(tails, h)
        if k == len(tails):
            tails.append(h)
        else:
            tails[k] = h
    print(len(tails))

main()
"""

BRUTE = r"""
n = int(input())
h = list(map(int, input().split()))
best = 0
for mask in range(1, 1 << n):
    chosen = [h[i] for i in range(n) if mask >> i & 1]
    if all(chosen[i] < chosen[i + 1] for i in range(len(chosen) - 1)):
        best = max(best, len(chosen))
print(best)
"""


def fmt(h):
    return f"{len(h)}\n" + " ".join(map(str, h)) + "\n"


def small(rng):
    n = rng.randint(1, 10)
    hi = rng.choice([1, 3, 6, 20, 10**9])
    return fmt([rng.randint(1, hi) for _ in range(n)])


def public():
    return [
        fmt([10, 2, 9, 5, 7, 3, 101, 18]),
        fmt([4, 4, 4]),
    ]


def private(rng):
    n = 2 * 10**4
    big = [rng.randint(1, 10**9) for _ in range(n)]
    # rising with noise: the answer is large, so an album-by-album search is slow
    noisy = [i * 4000 + rng.randint(1, 20000) for i in range(n)]
    stairs = [i // 3 + 1 for i in range(3000)]
    return [
        fmt([7]),
        fmt([1, 2]),
        fmt([2, 1]),
        fmt([5, 1, 5, 2, 5, 3, 5, 4]),
        fmt(list(range(10, 0, -1))),
        fmt(stairs),
        fmt([10**9] * 1000),
        fmt(big),
        fmt(noisy),
        fmt(list(range(1, n + 1))),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5
    h = list(map(int, lines[1].split()))
    assert len(h) == n and all(1 <= x <= 10**9 for x in h)
    assert lines[2:] == [""]
