ID = "studio-booking-cancellation"
TITLE = "Studio Booking Cancellation"
FUNC = "remainingBookings"
SIGNATURE = "def remainingBookings(self, bookings: List[List[int]], cancel: List[int]) -> List[List[int]]:"

BODY = r"""
A recording studio is booked by whole days. Each booking is a pair [start, end] meaning every day d with start <= d <= end is booked; the bookings are given in no particular order and may overlap or repeat. Then the owner cancels every booking on the days from cancel[0] to cancel[1] inclusive.

Consider the set of days that are booked by at least one booking and do not lie in the cancelled range. Return this set as a list of blocks [first, last], where each block is a maximal run of consecutive booked days (so two blocks never overlap and never touch: a block ending on day d is never followed by a block starting on day d + 1). The blocks must be sorted by first day in increasing order. If no day remains booked, return an empty list.
"""

EXPLAIN = [
    "The booked days form the blocks [1, 5] ([4, 5] touches [1, 3]) and [8, 12]. Cancelling days 3 to 9 leaves [1, 2] and [10, 12].",
    "Every booked day lies in the cancelled range.",
]

CONSTRAINTS = r"""
1 <= bookings.length <= 10^4
bookings[i].length == 2
0 <= bookings[i][0] <= bookings[i][1] <= 10^9
cancel.length == 2
0 <= cancel[0] <= cancel[1] <= 10^9
"""

REF = r"""
class Solution:
    def remainingBookings(self, bookings: List[List[int]], cancel: List[int]) -> List[List[int]]:
        merged = []
        for s, e in sorted(bookings):
            if merged and s <= merged[-1][1] + 1:
                if e > merged[-1][1]:
                    merged[-1][1] = e
            else:
                merged.append([s, e])
        a, b = cancel
        out = []
        for s, e in merged:
            if e < a or s > b:
                out.append([s, e])
                continue
            if s < a:
                out.append([s, a - 1])
            if e > b:
                out.append([b + 1, e])
        return out
"""

BRUTE = r"""
class Solution:
    def remainingBookings(self, bookings: List[List[int]], cancel: List[int]) -> List[List[int]]:
        days = set()
        for s, e in bookings:
            for d in range(s, e + 1):
                days.add(d)
        for d in range(cancel[0], cancel[1] + 1):
            days.discard(d)
        out = []
        for d in sorted(days):
            if out and out[-1][1] == d - 1:
                out[-1][1] = d
            else:
                out.append([d, d])
        return out
"""


def rand_iv(rng, lo, hi, maxlen):
    s = rng.randint(lo, hi)
    return [s, min(hi, s + rng.randint(0, maxlen))]


def small(rng):
    hi = rng.choice([3, 10, 30])
    n = rng.randint(1, 6)
    bookings = [rand_iv(rng, 0, hi, rng.choice([0, 2, 6])) for _ in range(n)]
    if rng.random() < 0.2:
        bookings.append(list(rng.choice(bookings)))
    return [bookings, rand_iv(rng, 0, hi, rng.choice([0, 3, 10, 30]))]


def public():
    return [[[[8, 12], [1, 3], [4, 5], [2, 2]], [3, 9]], [[[5, 6], [7, 7]], [4, 8]]]


def private(rng):
    many = [rand_iv(rng, 0, 10**5, 150) for _ in range(2500)]
    sparse = [rand_iv(rng, 0, 10**9, 10**5) for _ in range(700)]
    return [
        [[[0, 0]], [0, 0]],
        [[[0, 10**9]], [1, 10**9 - 1]],
        [[[0, 10**9]], [0, 10**9 - 1]],
        [[[5, 5], [5, 5], [6, 6], [8, 9]], [7, 7]],
        [[[1, 4], [6, 9], [11, 14]], [5, 10]],
        [many, [20000, 80000]],
        [sparse, [10**6, 2 * 10**8]],
        [[[3 * i, 3 * i + 1] for i in range(900, 0, -1)], [10**9, 10**9]],
    ]


def valid(inp):
    bookings, cancel = inp
    assert 1 <= len(bookings) <= 10**4
    for iv in bookings + [cancel]:
        assert isinstance(iv, list) and len(iv) == 2 and all(isinstance(x, int) for x in iv)
        assert 0 <= iv[0] <= iv[1] <= 10**9
