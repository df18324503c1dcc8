ID = "party-photo-moments"
TITLE = "Party Photo Moments"
PLATFORM = "atcoder"

BODY = r"""
Takahashi is hosting a long garden party. N guests come; guest i arrives at time L_i and leaves at time R_i, and is at the party at every moment t with L_i \leq t \leq R_i (including the moments of arriving and leaving).

The photographer takes group photos at some moments. Every guest wants to appear in at least one photo, that is, for every guest there must be a photo taken at a moment when that guest is at the party. A single photo shows everyone who is at the party at that moment.

Print the minimum number of photos that must be taken.

Input

The input is given from Standard Input in the following format:
N
L_1 R_1
L_2 R_2
\vdots
L_N R_N

Output

Print the minimum number of photos.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq L_i \leq R_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "A photo at time 4 shows guests 1, 2 and 3, and a photo at time 8 shows guests 4 and 5. One photo is not enough: guest 1 has left before guest 5 arrives.",
    "Guest 1 leaves at time 3, exactly when guest 2 arrives, so a single photo at time 3 shows both of them.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    guests = sorted((int(data[2 + 2 * i]), int(data[1 + 2 * i])) for i in range(n))
    photos = 0
    last = -1
    for r, l in guests:
        if l > last:
            photos += 1
            last = r
    print(photos)

main()
"""

BRUTE = r"""
import itertools
n = int(input())
guests = [tuple(map(int, input().split())) for _ in range(n)]
lo = min(l for l, r in guests)
hi = max(r for l, r in guests)
moments = list(range(lo, hi + 1))
answer = None
for size in range(1, n + 1):
    for chosen in itertools.combinations(moments, size):
        if all(any(l <= t <= r for t in chosen) for l, r in guests):
            answer = size
            break
    if answer is not None:
        break
print(answer)
"""


def fmt(guests):
    return f"{len(guests)}\n" + "".join(f"{l} {r}\n" for l, r in guests)


def small(rng):
    n = rng.randint(1, 7)
    hi = rng.choice([3, 6, 10])
    guests = []
    for _ in range(n):
        if guests and rng.random() < 0.15:
            guests.append(rng.choice(guests))
            continue
        l = rng.randint(0, hi)
        r = rng.randint(l, min(hi, l + rng.choice([0, 1, 3, hi])))
        guests.append((l, r))
    return fmt(guests)


def public():
    return [
        fmt([(1, 4), (2, 6), (4, 9), (7, 8), (5, 10)]),
        fmt([(0, 3), (3, 5)]),
    ]


def private(rng):
    big_n = 2 * 10**4
    big = []
    for _ in range(big_n):
        l = rng.randint(0, 10**9 - 10**4)
        big.append((l, l + rng.randint(0, 10**4)))
    nested = [(i, 10**9 - i) for i in range(10**4)]
    rng.shuffle(nested)
    chain = [(3 * i, 3 * i + 3) for i in range(10**4)]
    rng.shuffle(chain)
    mixed = []
    for _ in range(5000):
        l = rng.randint(0, 10**6)
        mixed.append((l, l + rng.choice([0, 1, 10, 1000, 10**5])))
    return [
        fmt([(0, 0)]),
        fmt([(10**9, 10**9), (0, 10**9), (0, 0)]),
        fmt([(5, 5)] * 4 + [(5, 6), (6, 6)]),
        fmt([(1, 10), (2, 3), (4, 5), (6, 7), (8, 9)]),
        fmt([(i, i) for i in range(0, 2000, 2)]),
        fmt(nested),
        fmt(chain),
        fmt(mixed),
        fmt(big),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5
    assert len(lines) == n + 2 and lines[-1] == ""
    for line in lines[1:n + 1]:
        l, r = map(int, line.split())
        assert 0 <= l <= r <= 10**9
