ID = "next-shuffled-multiple"
TITLE = "Next Shuffled Multiple"
FUNC = "nextShuffledMultiple"
SIGNATURE = "def nextShuffledMultiple(self, n: int, k: int) -> int:"

BODY = r"""
Given positive integers n and k, return the smallest integer m such that:

1. m > n (strictly greater; n itself never counts);
2. the decimal representation of m is a rearrangement of the decimal digits of n: it uses every digit of n exactly as many times as n does, and no other digits;
3. the decimal representation of m does not start with '0';
4. m is divisible by k.

If no such m exists, return -1.
"""

EXPLAIN = [
    "The rearrangements of 123 that are greater than 123 are 132, 213, 231, 312 and 321. 132 and 213 are not multiples of 7; 231 = 7 * 33 is.",
    "A multiple of 5 built from the digits 2, 0, 1, 9 must end in 0. The smallest such rearrangement greater than 2019 is 2190.",
]

CONSTRAINTS = r"""
1 <= n < 10^8
1 <= k <= 1000
"""

REF = r"""
from itertools import permutations
class Solution:
    def nextShuffledMultiple(self, n: int, k: int) -> int:
        best = -1
        for p in set(permutations(str(n))):
            if p[0] == '0':
                continue
            m = int(''.join(p))
            if m > n and m % k == 0 and (best == -1 or m < best):
                best = m
        return best
"""

BRUTE = r"""
class Solution:
    def nextShuffledMultiple(self, n: int, k: int) -> int:
        want = sorted(str(n))
        m = n + 1
        limit = 10 ** len(str(n))
        while m < limit:
            if m % k == 0 and sorted(str(m)) == want:
                return m
            m += 1
        return -1
"""


def small(rng):
    digits = rng.randint(1, 4)
    pool = rng.choice(["0123456789", "012", "09", "1", "5550", "123"])
    s = "".join(rng.choice(pool) for _ in range(digits))
    s = s.lstrip("0") or rng.choice("123456789")
    k = rng.choice([1, 2, 3, 4, 5, 7, 9, 10, 11, 25, rng.randint(1, 60), rng.randint(1, 1000)])
    return [int(s), k]


def public():
    return [[123, 7], [2019, 5]]


def private(rng):
    return [
        [9871, 1],           # already the largest arrangement
        [1000, 1],           # every other arrangement starts with 0
        [5, 5],              # one digit: nothing greater
        [7777777, 7],        # all digits equal
        [10, 1],             # 01 is not allowed
        [1023, 1],           # plain next rearrangement: 1032
        [120, 3],            # 120 itself is divisible; 201 is next
        [12345678, 997],
        [10203040, 8],
        [rng.randint(10**7, 5 * 10**7), rng.randint(2, 60)],
    ]


def valid(inp):
    n, k = inp
    assert isinstance(n, int) and 1 <= n < 10**8
    assert isinstance(k, int) and 1 <= k <= 1000
