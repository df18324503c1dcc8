ID = "twelve-hour-logbook"
TITLE = "Twelve-Hour Logbook"
PLATFORM = "codeforces"

BODY = r"""
A night guard writes the time of each of his n rounds in a logbook, using a 12-hour clock: every entry has the form `hh:mm AM` or `hh:mm PM`, where hh is from 01 to 12 and mm is from 00 to 59. On this clock, `12:00 AM` is midnight, `12:59 AM` is 59 minutes after midnight, `01:00 AM` follows it, `11:59 AM` is followed by `12:00 PM` (noon), and `11:59 PM` is followed by `12:00 AM` of the next day.

The entries are in chronological order, and two consecutive entries are less than 24 hours apart. So the gap between entry i and entry i+1 is the smallest number of minutes g with 0 \leq g \leq 1439 such that moving the clock g minutes forward from entry i shows entry i+1 (in particular, two equal consecutive entries have a gap of 0).

Print the total number of minutes from the first entry to the last entry, and the largest gap between two consecutive entries.

Input

The first line contains an integer n — the number of entries.

Each of the next n lines contains one entry in the format `hh:mm AM` or `hh:mm PM`.

Output

Print two integers separated by a space: the total number of minutes from the first entry to the last one, and the largest gap between two consecutive entries. If n = 1, print `0 0`.

Constraints

- 1 \leq n \leq 100
- Each entry is a valid time in the format described above, with exactly two digits for the hours and two digits for the minutes.
"""

EXPLAIN = [
    "The gaps are 135 minutes (10:15 PM to 12:30 AM of the next day), 330 minutes (12:30 AM to 06:00 AM) and 360 minutes (06:00 AM to 12:00 PM). The total is 825 minutes.",
    "From 11:59 AM to 12:00 PM is 1 minute, and from 12:00 PM to 01:00 PM is 60 minutes.",
]

REF = r"""
import sys

def to_minutes(hhmm, half):
    h, m = int(hhmm[:2]), int(hhmm[3:])
    h %= 12
    if half == "PM":
        h += 12
    return h * 60 + m

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    times = [to_minutes(data[1 + 2 * i], data[2 + 2 * i]) for i in range(n)]
    total = 0
    best = 0
    for i in range(n - 1):
        g = (times[i + 1] - times[i]) % 1440
        total += g
        best = max(best, g)
    print(total, best)

main()
"""

BRUTE = r"""
n = int(input())
entries = [input().split() for _ in range(n)]

def tick(h, m, half):
    m += 1
    if m == 60:
        m = 0
        h += 1
        if h == 12:
            half = "PM" if half == "AM" else "AM"
        elif h == 13:
            h = 1
    return h, m, half

gaps = []
for i in range(n - 1):
    a, b = entries[i], entries[i + 1]
    h, m = int(a[0].split(":")[0]), int(a[0].split(":")[1])
    half = a[1]
    th, tm = int(b[0].split(":")[0]), int(b[0].split(":")[1])
    g = 0
    while not (h == th and m == tm and half == b[1]):
        h, m, half = tick(h, m, half)
        g += 1
    gaps.append(g)
print(sum(gaps), max(gaps) if gaps else 0)
"""


def show(t):
    h, m = divmod(t, 60)
    half = "AM" if h < 12 else "PM"
    h12 = h % 12
    if h12 == 0:
        h12 = 12
    return f"{h12:02d}:{m:02d} {half}"


def fmt(times):
    return f"{len(times)}\n" + "".join(show(t) + "\n" for t in times)


def walk(rng, n, start, steps):
    t = start
    out = [t]
    for _ in range(n - 1):
        t = (t + rng.choice(steps)) % 1440
        out.append(t)
    return out


def small(rng):
    n = rng.randint(1, 6)
    special = [0, 59, 60, 719, 720, 779, 780, 1439, 1380]
    if rng.random() < 0.5:
        return fmt([rng.choice(special) for _ in range(n)])
    return fmt(walk(rng, n, rng.randrange(1440), [0, 1, 60, 719, 720, 721, 1439, rng.randrange(1440)]))


def public():
    return [
        fmt([22 * 60 + 15, 30, 6 * 60, 12 * 60]),
        fmt([11 * 60 + 59, 12 * 60, 13 * 60]),
    ]


def private(rng):
    return [
        # one entry
        fmt([12 * 60 + 34]),
        # equal entries: gap 0, total 0
        fmt([0, 0, 0]),
        # midnight vs noon: 12:00 AM to 12:00 PM, and 11:59 PM to 12:00 AM
        fmt([0, 720, 1439, 0, 59, 60]),
        # 12:xx AM comes before 01:00 AM; nearly a full day between entries
        fmt([60, 59, 58, 12 * 60 + 5, 12 * 60 + 4]),
        # gaps of exactly 12 hours: AM/PM must be read
        fmt([9 * 60 + 30, 21 * 60 + 30, 9 * 60 + 30, 9 * 60 + 31]),
        fmt(walk(rng, 100, rng.randrange(1440), [0, 1, 720, 1439] + [rng.randrange(1440) for _ in range(5)])),
        fmt([rng.randrange(1440) for _ in range(100)]),
        fmt(walk(rng, 100, 0, [60, 61, 59, 600])),
    ]


def valid(inp):
    import re
    lines = inp.split("\n")
    assert lines[-1] == ""
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 2
    for line in lines[1:n + 1]:
        assert re.fullmatch(r"(0[1-9]|1[0-2]):[0-5][0-9] (AM|PM)", line)
