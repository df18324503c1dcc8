# Tier A: one twist.
ID = "product-of-nonzero-digits"
TITLE = "Product of Nonzero Digits"
FUNC = "nonzeroDigitProduct"
SIGNATURE = "def nonzeroDigitProduct(self, n: int) -> int:"

BODY = r"""
You are given a non-negative integer n.

Return the product of the digits of n (written in decimal) that are not 0; the zero digits are skipped. If n has no nonzero digit at all (that is, n = 0), return 0.
"""

EXPLAIN = [
    "The nonzero digits of 2305 are 2, 3 and 5, and 2 * 3 * 5 = 30.",
    "0 has no nonzero digit.",
]

CONSTRAINTS = r"""
0 <= n <= 10^9
"""

REF = r"""
class Solution:
    def nonzeroDigitProduct(self, n: int) -> int:
        if n == 0:
            return 0
        p = 1
        while n > 0:
            d = n % 10
            if d != 0:
                p *= d
            n //= 10
        return p
"""

BRUTE = r"""
class Solution:
    def nonzeroDigitProduct(self, n: int) -> int:
        digits = [int(c) for c in str(n) if c != "0"]
        if not digits:
            return 0
        result = 1
        for d in digits:
            result = result * d
        return result
"""


def small(rng):
    r = rng.random()
    if r < 0.1:
        return [0]
    if r < 0.5:
        return [rng.randint(0, 1000)]
    return [int("".join(rng.choice("0012345") for _ in range(rng.randint(1, 9))))]


def public():
    return [[2305], [0]]


def private(rng):
    return [
        [1],
        [7],
        [10],
        [1000000000],
        [999999999],
        [101010101],
        [rng.randint(10**8, 10**9)],
        [rng.randint(1, 10**5)],
    ]


def valid(inp):
    (n,) = inp
    assert isinstance(n, int) and 0 <= n <= 10**9
