ID = "library-due-date"
TITLE = "Library Due Date"
PLATFORM = "codeforces"

BODY = r"""
A library lends a book on a given date for k days. The due date is found like this:

1. start from the lending date and move k days forward (if k = 0, stay on the lending date);
2. while the current date is a Saturday, a Sunday, or one of the h holidays of the library, move one more day forward.

The answer is the date reached at the end of step 2. Print it together with its day of the week.

Dates follow the Gregorian calendar: January, March, May, July, August, October and December have 31 days; April, June, September and November have 30 days; February has 29 days in a leap year and 28 days otherwise. A year is a leap year if it is divisible by 400, or if it is divisible by 4 but not by 100 (so 2000 and 2024 are leap years, while 2100 is not).

Input

The first line contains the lending date in the format YYYY/MM/DD and its day of the week, one of Mon, Tue, Wed, Thu, Fri, Sat, Sun, separated by a space. The given day of the week is the true day of the week of that date.

The second line contains two integers k and h.

Each of the next h lines contains one holiday in the format YYYY/MM/DD. A holiday may fall on any day of the week, and may be earlier than the lending date.

Output

Print the due date in the format YYYY/MM/DD (the month and the day always with two digits, for example 2031/01/05), followed by a space and its day of the week written as in the input.

Constraints

- The lending date is between 2000/01/01 and 2099/12/31.
- 0 \leq k \leq 1000
- 0 \leq h \leq 20
- The holidays are valid dates between 2000/01/01 and 2102/12/31, and they are pairwise distinct.
"""

EXPLAIN = [
    "2024 is a leap year, so 3 days after 2024/02/27 is 2024/03/01, a Friday. It is a holiday, and the next two days are Saturday and Sunday, so the due date is Monday 2024/03/04.",
    "4 days after Monday 2031/12/29 is Friday 2032/01/02, a holiday (the holiday 2031/12/31 is passed in step 1 and does not matter). It is followed by a Saturday and a Sunday.",
]

REF = r"""
import sys

NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

def leap(y):
    return y % 400 == 0 or (y % 4 == 0 and y % 100 != 0)

def month_len(y, m):
    if m == 2:
        return 29 if leap(y) else 28
    if m in (4, 6, 9, 11):
        return 30
    return 31

def next_day(y, m, d):
    d += 1
    if d > month_len(y, m):
        d = 1
        m += 1
        if m > 12:
            m = 1
            y += 1
    return y, m, d

def main():
    data = sys.stdin.read().split()
    y, m, d = map(int, data[0].split("/"))
    wd = NAMES.index(data[1])
    k, h = int(data[2]), int(data[3])
    holidays = set()
    for i in range(h):
        holidays.add(tuple(map(int, data[4 + i].split("/"))))
    for _ in range(k):
        y, m, d = next_day(y, m, d)
        wd = (wd + 1) % 7
    while wd >= 5 or (y, m, d) in holidays:
        y, m, d = next_day(y, m, d)
        wd = (wd + 1) % 7
    print("%04d/%02d/%02d %s" % (y, m, d, NAMES[wd]))

main()
"""

BRUTE = r"""
import datetime
first = input().split()
start = datetime.date(*map(int, first[0].split("/")))
k, h = map(int, input().split())
hol = []
for _ in range(h):
    hol.append(datetime.date(*map(int, input().split("/"))))
names = "Mon Tue Wed Thu Fri Sat Sun".split()
day = start + datetime.timedelta(days=k)
while True:
    name = names[day.weekday()]
    if name in ("Sat", "Sun") or day in hol:
        day = day + datetime.timedelta(days=1)
        continue
    break
print(day.strftime("%Y/%m/%d"), names[day.weekday()])
"""

import datetime as _dt

_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def ds(day):
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


def fmt(start, k, hol):
    lines = [f"{ds(start)} {_NAMES[start.weekday()]}", f"{k} {len(hol)}"] + [ds(x) for x in hol]
    return "\n".join(lines) + "\n"


def D(y, m, d):
    return _dt.date(y, m, d)


def rand_date(rng, lo=D(2000, 1, 1), hi=D(2099, 12, 31)):
    return lo + _dt.timedelta(days=rng.randint(0, (hi - lo).days))


def near_holidays(rng, target, count, spread):
    out = set()
    while len(out) < count:
        x = target + _dt.timedelta(days=rng.randint(-2, spread))
        if D(2000, 1, 1) <= x <= D(2102, 12, 31):
            out.add(x)
    out = sorted(out)  # a set of dates iterates in hash order, which PYTHONHASHSEED changes
    rng.shuffle(out)
    return out


def small(rng):
    kind = rng.random()
    if kind < 0.3:
        # around month ends, February and year ends
        y = rng.choice([2000, 2004, 2023, 2024, 2099, 2096, rng.randint(2000, 2099)])
        m = rng.choice([2, 12, 1, 3, rng.randint(1, 12)])
        start = D(y, m, 1) + _dt.timedelta(days=rng.randint(-5, 30))
        start = max(D(2000, 1, 1), min(start, D(2099, 12, 31)))
    else:
        start = rand_date(rng)
    k = rng.choice([0, 0, rng.randint(0, 10), rng.randint(0, 1000), 1000])
    target = start + _dt.timedelta(days=k)
    hol = near_holidays(rng, target, rng.randint(0, 6), rng.choice([4, 10]))
    return fmt(start, k, hol)


def public():
    return [
        fmt(D(2024, 2, 27), 3, [D(2024, 3, 1)]),
        fmt(D(2031, 12, 29), 4, [D(2031, 12, 31), D(2032, 1, 2)]),
    ]


def private(rng):
    return [
        # k = 0 on a working day, and k = 0 on a Saturday
        fmt(D(2015, 6, 10), 0, []),
        fmt(D(2015, 6, 13), 0, [D(2015, 6, 15)]),
        # 2000 is a leap year, 2100 is not
        fmt(D(2000, 2, 25), 4, []),
        fmt(D(2099, 12, 31), 1000, []),
        fmt(D(2099, 3, 1), 365, [D(2100, 3, 1)]),
        # a chain of holidays and weekends across a year end; earlier holidays irrelevant
        fmt(D(2020, 12, 20), 4, [D(2020, 12, 24), D(2020, 12, 25), D(2020, 12, 28), D(2020, 12, 29),
                                 D(2020, 12, 30), D(2020, 12, 31), D(2021, 1, 1), D(2019, 1, 4), D(2021, 1, 5)]),
        # holiday on a weekend does not add a day; leading zeros in the answer
        fmt(D(2008, 8, 29), 1, [D(2008, 8, 31), D(2008, 9, 2)]),
        fmt(D(2047, 1, 7), 730, near_holidays(rng, D(2049, 1, 6), 20, 25)),
        fmt(rand_date(rng), rng.randint(0, 1000), [rand_date(rng, D(2000, 1, 1), D(2102, 12, 31)) for _ in range(20)]),
    ]


def valid(inp):
    import datetime
    import re
    lines = inp.split("\n")
    assert lines[-1] == ""
    date_re = r"\d{4}/\d{2}/\d{2}"
    first = lines[0].split(" ")
    assert len(first) == 2 and re.fullmatch(date_re, first[0])
    start = datetime.date(*map(int, first[0].split("/")))
    assert datetime.date(2000, 1, 1) <= start <= datetime.date(2099, 12, 31)
    assert first[1] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][start.weekday()]
    k, h = map(int, lines[1].split())
    assert 0 <= k <= 1000 and 0 <= h <= 20 and len(lines) == h + 3
    seen = set()
    for line in lines[2:2 + h]:
        assert re.fullmatch(date_re, line)
        x = datetime.date(*map(int, line.split("/")))
        assert datetime.date(2000, 1, 1) <= x <= datetime.date(2102, 12, 31)
        seen.add(x)
    assert len(seen) == h
