ID = "monthly-billing-dates"
TITLE = "Monthly Billing Dates"
FUNC = "billingDates"
SIGNATURE = "def billingDates(self, year: int, month: int, count: int, day: int) -> List[str]:"

BODY = r"""
A subscription is billed once a month for count consecutive months, starting with month month of year year (months are numbered 1 to 12). The billing date in each of these months is found like this:

1. The nominal date is day number day of that month. If the month has fewer than day days, the nominal date is the last day of that month instead.
2. If the nominal date is a Saturday, billing happens one day earlier (on the Friday). If it is a Sunday, billing happens one day later (on the Monday). This move may cross into the previous or the next month, or even into another year. Any other weekday is kept.

Use the Gregorian calendar: January, March, May, July, August, October and December have 31 days; April, June, September and November have 30; February has 29 days in a leap year and 28 otherwise. A year is a leap year when it is divisible by 4 and not by 100, or when it is divisible by 400. For reference, January 1, 2000 was a Saturday.

Return the count billing dates in order, each written as "YYYY-MM-DD" (four-digit year, two-digit month and day).
"""

EXPLAIN = [
    "September 30, 2023 and December 30, 2023 were Saturdays, so they move to the Fridays before them. October 30 and November 30 were a Monday and a Thursday.",
    "January 29, 2025 was a Wednesday. February 2025 has 28 days, so the nominal date is February 28, a Friday.",
]

CONSTRAINTS = r"""
1900 <= year <= 2100
1 <= month <= 12
1 <= count <= 60
1 <= day <= 31
"""

REF = r"""
class Solution:
    def billingDates(self, year: int, month: int, count: int, day: int) -> List[str]:
        def leap(y):
            return (y % 4 == 0 and y % 100 != 0) or y % 400 == 0

        def mdays(y, m):
            if m == 2:
                return 29 if leap(y) else 28
            return 30 if m in (4, 6, 9, 11) else 31

        def ordinal(y, m, d):
            # days since 1900-01-01 (a Monday)
            total = 0
            for yy in range(1900, y):
                total += 366 if leap(yy) else 365
            for mm in range(1, m):
                total += mdays(y, mm)
            return total + d - 1

        def shift(y, m, d, step):
            d += step
            if d < 1:
                m -= 1
                if m < 1:
                    m, y = 12, y - 1
                d = mdays(y, m)
            elif d > mdays(y, m):
                d, m = 1, m + 1
                if m > 12:
                    m, y = 1, y + 1
            return y, m, d

        res = []
        y, m = year, month
        for _ in range(count):
            d = min(day, mdays(y, m))
            wd = ordinal(y, m, d) % 7          # 0 = Monday ... 5 = Saturday, 6 = Sunday
            by, bm, bd = y, m, d
            if wd == 5:
                by, bm, bd = shift(y, m, d, -1)
            elif wd == 6:
                by, bm, bd = shift(y, m, d, 1)
            res.append("%04d-%02d-%02d" % (by, bm, bd))
            m += 1
            if m > 12:
                m, y = 1, y + 1
        return res
"""

BRUTE = r"""
import datetime
class Solution:
    def billingDates(self, year: int, month: int, count: int, day: int) -> List[str]:
        out = []
        for i in range(count):
            y = year + (month - 1 + i) // 12
            m = (month - 1 + i) % 12 + 1
            d = day
            while True:
                try:
                    date = datetime.date(y, m, d)
                    break
                except ValueError:
                    d -= 1
            if date.weekday() == 5:
                date -= datetime.timedelta(days=1)
            elif date.weekday() == 6:
                date += datetime.timedelta(days=1)
            out.append(date.isoformat())
        return out
"""


def small(rng):
    r = rng.random()
    if r < 0.3:
        year = rng.choice([1900, 1999, 2000, 2023, 2024, 2099, 2100])
    else:
        year = rng.randint(1900, 2100)
    day = rng.choice([1, 1, 2, 28, 29, 30, 31, 31]) if rng.random() < 0.6 else rng.randint(1, 31)
    return [year, rng.randint(1, 12), rng.randint(1, 14), day]


def public():
    return [[2023, 9, 4, 30], [2025, 1, 2, 29]]


def private(rng):
    return [
        [2023, 12, 1, 31],     # Sunday Dec 31 -> next year
        [2024, 3, 1, 31],      # Sunday Mar 31 -> April 1
        [2023, 7, 1, 1],       # Saturday July 1 -> June 30
        [2022, 1, 1, 1],       # Saturday Jan 1 -> previous year
        [1900, 1, 3, 29],      # 1900 is not a leap year
        [2000, 1, 3, 30],      # 2000 is a leap year
        [2100, 1, 60, 31],
        [rng.randint(1900, 2100), rng.randint(1, 12), 60, rng.randint(1, 31)],
        [rng.randint(1900, 2100), rng.randint(1, 12), 60, rng.randint(28, 31)],
    ]


def valid(inp):
    year, month, count, day = inp
    assert isinstance(year, int) and 1900 <= year <= 2100
    assert isinstance(month, int) and 1 <= month <= 12
    assert isinstance(count, int) and 1 <= count <= 60
    assert isinstance(day, int) and 1 <= day <= 31
