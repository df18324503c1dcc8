ID = "archive-letter-dates"
TITLE = "Archive Letter Dates"
PLATFORM = "atcoder"

BODY = r"""
Aoki works in a city archive that keeps letters written over many centuries. For every pair of letters that a historian asks about, Aoki must tell how many days lie between the dates written on the two letters.

All dates use the Gregorian calendar, extended backwards to year 1. A year is a leap year if it is divisible by 4, except that years divisible by 100 are not leap years unless they are also divisible by 400 (so 2000 is a leap year, while 1900 is not). February has 29 days in a leap year and 28 days otherwise; January, March, May, July, August, October and December have 31 days, and April, June, September and November have 30 days.

You are given Q questions. In the i-th question, the two letters are dated A_i and B_i, each written in the form YYYY-MM-DD (a four-digit year with leading zeros, a two-digit month and a two-digit day). For each question, print the number of days between the two dates: the number of times one has to move to the next day to get from the earlier date to the later one. The first date may be later than the second one, and the two dates may be the same.

Input

The input is given from Standard Input in the following format:
Q
A_1 B_1
A_2 B_2
\vdots
A_Q B_Q

Output

Print Q lines. The i-th line must contain the number of days between A_i and B_i.

Constraints

- 1 \leq Q \leq 2000
- A_i and B_i are valid dates of the Gregorian calendar in the form YYYY-MM-DD.
- The years of A_i and B_i are between 1 and 9999, inclusive.
"""

EXPLAIN = [
    "2024 is a leap year, so from 2024-02-28 one moves to 2024-02-29 and then to 2024-03-01: 2 days. 1900 is not a leap year, so 1900-02-28 is followed directly by 1900-03-01. The third question has the later date first; the answer is still 2. From 1999-12-31 to 2001-01-01 is 1 + 366 = 367 days.",
    "",
]

REF = r"""
import sys

def day_number(s):
    # days from 0001-01-01 (day 0) to the date s
    y, m, d = int(s[0:4]), int(s[5:7]), int(s[8:10])
    p = y - 1
    days = 365 * p + p // 4 - p // 100 + p // 400
    months = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if y % 4 == 0 and (y % 100 != 0 or y % 400 == 0):
        months[1] = 29
    days += sum(months[:m - 1])
    return days + d - 1

def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    out = []
    for i in range(q):
        a, b = data[1 + 2 * i], data[2 + 2 * i]
        out.append(str(abs(day_number(a) - day_number(b))))
    print("\n".join(out))

main()
"""

BRUTE = r"""
def leap(y):
    if y % 400 == 0:
        return True
    if y % 100 == 0:
        return False
    return y % 4 == 0

def month_len(y, m):
    if m == 2:
        return 29 if leap(y) else 28
    if m in (4, 6, 9, 11):
        return 30
    return 31

def nxt(y, m, d):
    d += 1
    if d > month_len(y, m):
        d = 1
        m += 1
        if m > 12:
            m = 1
            y += 1
    return (y, m, d)

q = int(input())
for _ in range(q):
    a, b = input().split()
    x = tuple(int(t) for t in a.split("-"))
    z = tuple(int(t) for t in b.split("-"))
    if x > z:
        x, z = z, x
    steps = 0
    while x != z:
        x = nxt(*x)
        steps += 1
    print(steps)
"""

MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def mlen(y, m):
    return 29 if m == 2 and is_leap(y) else MONTH[m - 1]


def ds(y, m, d):
    return f"{y:04d}-{m:02d}-{d:02d}"


def step(y, m, d, k):
    """The date k days after (y, m, d) (k may be negative), staying inside years 1..9999."""
    while k > 0:
        if (y, m, d) == (9999, 12, 31):
            break
        d += 1
        if d > mlen(y, m):
            d, m = 1, m + 1
            if m > 12:
                m, y = 1, y + 1
        k -= 1
    while k < 0:
        if (y, m, d) == (1, 1, 1):
            break
        d -= 1
        if d < 1:
            m -= 1
            if m < 1:
                m, y = 12, y - 1
            d = mlen(y, m)
        k += 1
    return y, m, d


def rand_date(rng, ylo=1, yhi=9999):
    y = rng.randint(ylo, yhi)
    m = rng.randint(1, 12)
    return y, m, rng.randint(1, mlen(y, m))


SPECIAL = [(1, 1, 1), (9999, 12, 31), (1900, 2, 28), (1900, 3, 1), (2000, 2, 29), (2000, 3, 1),
           (2100, 2, 28), (2024, 2, 29), (1999, 12, 31), (2023, 12, 31), (400, 2, 29), (100, 3, 1),
           (4, 2, 29), (1600, 2, 29), (1700, 3, 1)]


def near_pair(rng, spread):
    x = rng.choice(SPECIAL) if rng.random() < 0.5 else rand_date(rng)
    x = step(*x, rng.randint(-spread, spread))
    z = step(*x, rng.randint(-spread, spread))
    if rng.random() < 0.1:
        z = x
    return ds(*x), ds(*z)


def fmt(pairs):
    return f"{len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)


def small(rng):
    q = rng.randint(1, 5)
    return fmt([near_pair(rng, rng.choice([3, 40, 800])) for _ in range(q)])


def public():
    return [
        fmt([("2024-02-28", "2024-03-01"), ("1900-02-28", "1900-03-01"), ("2000-03-01", "2000-02-28"),
             ("1999-12-31", "2001-01-01")]),
        fmt([("0001-01-01", "0001-01-01"), ("2015-06-10", "2016-06-10"), ("1987-10-31", "1987-09-30")]),
    ]


def private(rng):
    rand = [(ds(*rand_date(rng)), ds(*rand_date(rng))) for _ in range(2000)]
    near = [near_pair(rng, rng.choice([1, 30, 400, 3000])) for _ in range(2000)]
    centuries = []
    for c in range(1, 100):
        y = 100 * c
        centuries.append((ds(y, 2, 28), ds(y, 3, 1)))
    return [
        fmt([("0001-01-01", "9999-12-31")]),
        fmt([("9999-12-31", "0001-01-01"), ("0001-01-01", "0002-01-01"), ("9999-01-01", "9999-12-31")]),
        fmt([("2000-02-29", "2000-02-29"), ("2000-02-29", "2004-02-29"), ("2100-02-28", "2100-03-01"),
             ("1600-01-01", "2000-01-01"), ("0004-02-29", "0005-03-01")]),
        fmt(centuries),
        fmt([(ds(y, 12, 31), ds(y + 1, 1, 1)) for y in range(1, 9999, 101)]),
        fmt([(ds(y, 1, 1), ds(y + 1, 1, 1)) for y in range(1880, 2121)]),
        fmt(rand),
        fmt(near),
    ]


def valid(inp):
    lines = inp.split("\n")
    q = int(lines[0])
    assert 1 <= q <= 2000 and str(q) == lines[0]
    assert len(lines) == q + 2 and lines[-1] == ""
    for line in lines[1:q + 1]:
        parts = line.split(" ")
        assert len(parts) == 2
        for s in parts:
            assert len(s) == 10 and s[4] == "-" and s[7] == "-"
            assert s[:4].isdigit() and s[5:7].isdigit() and s[8:].isdigit()
            y, m, d = int(s[:4]), int(s[5:7]), int(s[8:])
            assert 1 <= y <= 9999 and 1 <= m <= 12 and 1 <= d <= mlen(y, m)
