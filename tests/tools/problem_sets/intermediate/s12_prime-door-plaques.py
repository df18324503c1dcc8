ID = "prime-door-plaques"
TITLE = "Prime Door Plaques"
PLATFORM = "atcoder"

BODY = r"""
Along Long Street stand 10^6 houses, numbered 1 to 10^6. The mayor has decided that every house whose number is a prime gets a golden door plaque. (A prime is an integer greater than 1 whose only positive divisors are 1 and itself; in particular, 1 is not a prime.)

The plaque maker works in sections of the street and asks Q questions. In the i-th question, he wants to know how many houses with numbers from L_i to R_i, inclusive, get a golden plaque.

Answer all the questions.

Input

The input is given from Standard Input in the following format:
Q
L_1 R_1
L_2 R_2
\vdots
L_Q R_Q

Output

Print Q lines. The i-th line must contain the number of primes between L_i and R_i, inclusive.

Constraints

- 1 \leq Q \leq 2 \times 10^5
- 1 \leq L_i \leq R_i \leq 10^6
- All input values are integers.
"""

EXPLAIN = [
    "The primes up to 10 are 2, 3, 5 and 7. Between 11 and 20 the primes are 11, 13, 17 and 19. House 1 is not a prime, and neither is house 9 = 3 \\times 3.",
    "",
]

REF = r"""
import sys
from itertools import accumulate

def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    n = 10 ** 6
    sieve = bytearray([1]) * (n + 1)
    sieve[0] = sieve[1] = 0
    p = 2
    while p * p <= n:
        if sieve[p]:
            sieve[p * p::p] = bytes(len(range(p * p, n + 1, p)))
        p += 1
    pref = list(accumulate(sieve))
    out = []
    for i in range(q):
        l, r = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        out.append(pref[r] - pref[l - 1])
    print("\n".join(map(str, out)))

main()
"""

BRUTE = r"""
def is_prime(x):
    if x < 2:
        return False
    d = 2
    while d * d <= x:
        if x % d == 0:
            return False
        d += 1
    return True

q = int(input())
for _ in range(q):
    l, r = map(int, input().split())
    cnt = 0
    for x in range(l, r + 1):
        if is_prime(x):
            cnt += 1
    print(cnt)
"""


def fmt(qs):
    return f"{len(qs)}\n" + "".join(f"{l} {r}\n" for l, r in qs)


def small(rng):
    q = rng.randint(1, 6)
    qs = []
    for _ in range(q):
        kind = rng.random()
        if kind < 0.3:
            l = rng.randint(1, 12)
            r = rng.randint(l, 15)
        elif kind < 0.5:
            l = r = rng.randint(1, 50)
        elif kind < 0.6:
            l = rng.randint(10**6 - 200, 10**6)
            r = rng.randint(l, 10**6)
        else:
            l = rng.randint(1, 400)
            r = rng.randint(l, min(l + 300, 10**6))
        qs.append((l, r))
    return fmt(qs)


def public():
    return [
        fmt([(1, 10), (11, 20), (1, 1), (9, 9), (2, 2)]),
        fmt([(24, 28), (90, 110), (1, 1000)]),
    ]


def private(rng):
    n = 10**6
    big = []
    for _ in range(2 * 10**4):
        l = rng.randint(1, n)
        r = rng.randint(l, n)
        big.append((l, r))
    wide = [(rng.randint(1, 10), rng.randint(n - 10, n)) for _ in range(20000)]
    points = [(x, x) for x in (1, 2, 3, 4, 999983, 999979, 10**6, 999999, 524287, 1000)]
    return [
        fmt([(1, 1)]),
        fmt([(1, 10**6)]),
        fmt([(10**6, 10**6), (999983, 10**6), (999984, 10**6), (1, 2), (2, 3), (3, 3)]),
        fmt(points),
        fmt([(114, 126), (1328, 1360), (1, 100), (101, 200), (370261, 370373)]),
        fmt([(rng.randint(1, 1000), rng.randint(1000, 5000)) for _ in range(1000)]),
        fmt(big),
        fmt(wide),
    ]


def valid(inp):
    lines = inp.split("\n")
    q = int(lines[0])
    assert 1 <= q <= 2 * 10**5
    assert len(lines) == q + 2 and lines[-1] == ""
    for line in lines[1:q + 1]:
        l, r = map(int, line.split())
        assert 1 <= l <= r <= 10**6
