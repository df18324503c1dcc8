ID = "mixed-date-formats"
TITLE = "Mixed Date Formats"
PLATFORM = "codeforces"

BODY = r"""
A spreadsheet was filled in by three people who wrote dates in three different formats. Every entry has exactly one of these forms, where Y, M and D stand for decimal digits:

- YYYY-MM-DD (year, month, day, separated by '-');
- DD/MM/YYYY (day, month, year, separated by '/');
- MM.DD.YYYY (month, day, year, separated by '.').

So the separator tells which format an entry uses. The digits, however, may describe a date that does not exist. An entry is a real date when its month is between 1 and 12 and its day is between 1 and the number of days of that month. April, June, September and November have 30 days; February has 29 days in a leap year and 28 otherwise; all other months have 31 days. A year is a leap year if it is divisible by 400, or if it is divisible by 4 but not by 100 (so 2000 and 2024 are leap years, 1900 and 2023 are not).

For every entry, print it in the form YYYY-MM-DD (with leading zeros, so that the month and the day have two digits each), or print INVALID if it is not a real date. Finally, print how many different real dates appear in the spreadsheet (two entries written in different formats may denote the same date).

Input

The first line contains one integer n (1 \le n \le 100) — the number of entries.

Each of the next n lines contains one entry in one of the three forms above.

Output

Print n + 1 lines. The i-th of the first n lines contains the i-th entry written as YYYY-MM-DD, or the word INVALID. The last line contains the number of different real dates among the entries (0 if there are none).

Constraints

- Every entry matches one of the three forms exactly: the year has 4 digits and its value is between 1000 and 9999; the month and the day have exactly 2 digits each (they may be 00 or larger than any real month or day, such as 13 or 45).
"""

EXPLAIN = [
    "The first three entries are the same date, 7 March 2024, written in the three formats. 2023 is not a leap year, so 29/02/2023 is invalid. There is 1 different real date.",
    "",
]

REF = r"""
import sys

def days_in(y, m):
    if m == 2:
        leap = y % 400 == 0 or (y % 4 == 0 and y % 100 != 0)
        return 29 if leap else 28
    if m in (4, 6, 9, 11):
        return 30
    return 31

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    seen = set()
    out = []
    for s in data[1:1 + n]:
        if "-" in s:
            y, m, d = s.split("-")
        elif "/" in s:
            d, m, y = s.split("/")
        else:
            m, d, y = s.split(".")
        y, m, d = int(y), int(m), int(d)
        if 1 <= m <= 12 and 1 <= d <= days_in(y, m):
            t = "%04d-%02d-%02d" % (y, m, d)
            seen.add(t)
            out.append(t)
        else:
            out.append("INVALID")
    out.append(str(len(seen)))
    print("\n".join(out))

main()
"""

BRUTE = r"""
import datetime
n = int(input())
res = []
good = []
for _ in range(n):
    s = input().strip()
    if s[4] == "-":
        y, m, d = s[0:4], s[5:7], s[8:10]
    elif s[2] == "/":
        d, m, y = s[0:2], s[3:5], s[6:10]
    else:
        m, d, y = s[0:2], s[3:5], s[6:10]
    try:
        dt = datetime.date(int(y), int(m), int(d))
        res.append(dt.isoformat())
        good.append(dt)
    except ValueError:
        res.append("INVALID")
for r in res:
    print(r)
print(len(set(good)))
"""


def render(rng, y, m, d, form=None):
    if form is None:
        form = rng.randrange(3)
    if form == 0:
        return "%04d-%02d-%02d" % (y, m, d)
    if form == 1:
        return "%02d/%02d/%04d" % (d, m, y)
    return "%02d.%02d.%04d" % (m, d, y)


def entry(rng):
    y = rng.choice([1000, 1900, 2000, 2023, 2024, 2100, 2400, 9999, rng.randint(1000, 9999)])
    m = rng.choice([0, 1, 2, 2, 2, 4, 6, 9, 11, 12, 13, rng.randint(0, 99)])
    d = rng.choice([0, 1, 28, 29, 29, 30, 31, 32, rng.randint(0, 99)])
    return y, m, d


def make(rng, entries):
    return f"{len(entries)}\n" + "".join(render(rng, *e) + "\n" for e in entries)


def small(rng):
    n = rng.randint(1, 6)
    pool = [entry(rng) for _ in range(rng.randint(1, 3))]
    return make(rng, [rng.choice(pool) if rng.random() < 0.5 else entry(rng) for _ in range(n)])


def public():
    return [
        "4\n2024-03-07\n07/03/2024\n03.07.2024\n29/02/2023\n",
        "3\n2000-02-29\n02.30.2000\n31/12/1999\n",
    ]


def private(rng):
    return [
        # nothing valid at all: month 00 / 13, day 00, day 31 in a 30-day month, Feb 29 of 1900
        "5\n1900-02-29\n00/05/2010\n13.01.2010\n2010-00-10\n31/04/2021\n",
        # century leap rules in all three formats
        "6\n29/02/2000\n02.29.2100\n2400-02-29\n29/02/1900\n02.29.1996\n2024-02-29\n",
        # the same date in different formats counts once; month/day order of MM.DD vs DD/MM
        "5\n12.05.2021\n05/12/2021\n2021-12-05\n12/05/2021\n2021-05-12\n",
        # month lengths: last day of every month
        "12\n" + "".join(render(rng, 2022, m, d) + "\n" for m, d in
                         [(1, 31), (2, 28), (3, 31), (4, 30), (5, 31), (6, 30), (7, 31), (8, 31),
                          (9, 30), (10, 31), (11, 30), (12, 31)]),
        # one past the last day of every month
        "12\n" + "".join(render(rng, 2022, m, d) + "\n" for m, d in
                         [(1, 32), (2, 29), (3, 32), (4, 31), (5, 32), (6, 31), (7, 32), (8, 32),
                          (9, 31), (10, 32), (11, 31), (12, 32)]),
        # single entry, extreme years
        "1\n01/01/1000\n",
        "2\n9999-12-31\n12.31.9999\n",
        make(rng, [entry(rng) for _ in range(100)]),
        make(rng, [(rng.randint(1000, 9999), rng.randint(1, 12), rng.randint(1, 28)) for _ in range(100)]),
    ]


def valid(inp):
    import re
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 1
    for s in lines[1:]:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
            y = s[:4]
        elif re.fullmatch(r"\d{2}/\d{2}/\d{4}", s) or re.fullmatch(r"\d{2}\.\d{2}\.\d{4}", s):
            y = s[6:]
        else:
            raise AssertionError(s)
        assert 1000 <= int(y) <= 9999
