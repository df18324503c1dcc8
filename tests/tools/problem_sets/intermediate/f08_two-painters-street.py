ID = "two-painters-street"
TITLE = "Two Painters on a Long Street"
FUNC = "singleCoatHouses"
SIGNATURE = "def singleCoatHouses(self, lo: int, hi: int, a: int, b: int) -> int:"

BODY = r"""
The houses of a very long street are numbered with consecutive positive integers. Painter A paints every house whose number is a multiple of a, and painter B paints every house whose number is a multiple of b. A house painted by both painters gets two coats of paint.

Return how many houses with numbers from lo to hi (both included) receive exactly one coat of paint.
"""

EXPLAIN = [
    "In 1..20 the multiples of 4 are 4, 8, 12, 16, 20 and the multiples of 6 are 6, 12, 18. House 12 gets two coats, so 4, 8, 16, 20, 6, 18 get one: 6 houses.",
    "Both painters paint the same houses, so no house gets exactly one coat.",
]

CONSTRAINTS = r"""
1 <= lo <= hi <= 10^18
1 <= a, b <= 10^9
"""

REF = r"""
class Solution:
    def singleCoatHouses(self, lo: int, hi: int, a: int, b: int) -> int:
        l = a // math.gcd(a, b) * b
        def upto(n):
            return n // a + n // b - 2 * (n // l)
        return upto(hi) - upto(lo - 1)
"""

BRUTE = r"""
class Solution:
    def singleCoatHouses(self, lo: int, hi: int, a: int, b: int) -> int:
        count = 0
        for house in range(lo, hi + 1):
            coats = (house % a == 0) + (house % b == 0)
            if coats == 1:
                count += 1
        return count
"""


def small(rng):
    lo = rng.randint(1, 60)
    hi = rng.randint(lo, 80)
    a = rng.randint(1, 12)
    b = rng.choice([rng.randint(1, 12), a, a * rng.randint(1, 3)])
    return [lo, hi, a, b]


def public():
    return [[1, 20, 4, 6], [5, 100, 7, 7]]


def private(rng):
    E = 10**18
    return [
        [1, 1, 1, 1],
        [1, 1, 1, 2],
        [10, 10, 3, 4],
        [12, 12, 3, 4],
        [1, E, 1, 10**9],
        [1, E, 10**9, 999999937],
        [E - 10**6, E, 2, 3],
        [123456789, 987654321987654321, 6, 4],
        [rng.randint(1, 10**17), E, rng.randint(1, 10**9), rng.randint(1, 10**9)],
    ]


def valid(inp):
    lo, hi, a, b = inp
    assert all(isinstance(x, int) for x in inp)
    assert 1 <= lo <= hi <= 10**18
    assert 1 <= a <= 10**9 and 1 <= b <= 10**9
