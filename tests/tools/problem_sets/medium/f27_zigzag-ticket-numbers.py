ID = "zigzag-ticket-numbers"
TITLE = "Zigzag Ticket Numbers"
FUNC = "countLuckyTickets"
SIGNATURE = "def countLuckyTickets(self, low: int, high: int, k: int) -> int:"

BODY = r"""
A lottery prints one ticket for every integer from low to high, inclusive. A ticket number x is lucky when both of the following hold for its usual decimal representation (without leading zeros):

- no two neighbouring digits are equal (for example 1213 qualifies, but 1223 does not; every one-digit number qualifies);
- the sum of its digits is divisible by k.

Return how many of the integers x with low <= x <= high are lucky.
"""

EXPLAIN = [
    "The numbers from 10 to 40 whose digit sum is divisible by 4 are 13, 17, 22, 26, 31, 35, 39 and 40. Among them only 22 has two equal neighbouring digits, so 7 tickets are lucky.",
    "With k = 1 every digit sum qualifies, so the question is only about equal neighbouring digits: from 1 to 100, the numbers 11, 22, 33, 44, 55, 66, 77, 88, 99 and 100 fail, leaving 90.",
]

CONSTRAINTS = r"""
1 <= low <= high <= 10^15
1 <= k <= 100
"""

REF = r"""
from functools import lru_cache

class Solution:
    def countLuckyTickets(self, low: int, high: int, k: int) -> int:
        def count_upto(limit):
            # lucky numbers in [1, limit]
            if limit <= 0:
                return 0
            digits = list(map(int, str(limit)))
            n = len(digits)

            @lru_cache(maxsize=None)
            def go(pos, prev, rem, tight, started):
                if pos == n:
                    return 1 if started and rem == 0 else 0
                top = digits[pos] if tight else 9
                total = 0
                for d in range(top + 1):
                    nt = tight and d == top
                    if not started:
                        if d == 0:
                            total += go(pos + 1, -1, 0, nt, False)
                        else:
                            total += go(pos + 1, d, d % k, nt, True)
                    elif d != prev:
                        total += go(pos + 1, d, (rem + d) % k, nt, True)
                return total

            result = go(0, -1, 0, True, False)
            go.cache_clear()
            return result

        return count_upto(high) - count_upto(low - 1)
"""

BRUTE = r"""
class Solution:
    def countLuckyTickets(self, low: int, high: int, k: int) -> int:
        count = 0
        for x in range(low, high + 1):
            s = str(x)
            if any(s[i] == s[i + 1] for i in range(len(s) - 1)):
                continue
            if sum(int(c) for c in s) % k == 0:
                count += 1
        return count
"""


def small(rng):
    hi = rng.choice([9, 100, 1000, 3000])
    low = rng.randint(1, hi)
    high = rng.randint(low, min(hi, low + rng.choice([0, 5, 50, 3000])))
    return [low, high, rng.choice([1, 2, 3, 7, 10, 11, 27, 100, rng.randint(1, 100)])]


def public():
    return [[10, 40, 4], [1, 100, 1]]


def private(rng):
    return [
        [1, 1, 1],
        [7, 7, 3],
        [11, 11, 2],
        [1, 9, 100],
        [1, 10**15, 1],
        [1, 10**15, 7],
        [10**14 + 12345, 10**15, 100],
        [rng.randint(1, 10**12), rng.randint(10**13, 10**15), 13],
        [98765432109876, 98765432109876, 15],
    ]


def valid(inp):
    low, high, k = inp
    assert all(isinstance(x, int) for x in inp)
    assert 1 <= low <= high <= 10**15 and 1 <= k <= 100
