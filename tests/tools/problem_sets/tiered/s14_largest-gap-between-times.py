# Tier B: two or three steps.
ID = "largest-gap-between-times"
TITLE = "Largest Gap Between Times"
PLATFORM = "atcoder"

BODY = r"""
You are given N times of the same day, T_1, T_2, \ldots, T_N, each written as HH:MM (24-hour clock, two digits for the hour and two for the minutes). They are not necessarily in order, and the same time may appear more than once.

Sort the times in chronological order and consider the gaps, in minutes, between each pair of neighbouring times in that order. Print the largest gap. If N = 1, there is no gap: print 0. Gaps do not wrap around midnight: there is no gap from the last time of the day back to the first one.

Input

The input is given from Standard Input in the following format:
N
T_1
T_2
\vdots
T_N

Output

Print the largest gap in minutes.

Constraints

- 1 \leq N \leq 100
- Each T_i is a valid time from 00:00 to 23:59 in the format HH:MM.
- N is an integer.
"""

EXPLAIN = [
    "In order the times are 08:15, 09:00, 12:30 and 13:05; the gaps are 45, 210 and 35 minutes.",
    "There is only one time.",
]

REF = r"""
n = int(input())
ts = []
for _ in range(n):
    h, m = input().strip().split(":")
    ts.append(int(h) * 60 + int(m))
ts.sort()
print(max([ts[i] - ts[i - 1] for i in range(1, n)], default=0))
"""

BRUTE = r"""
n = int(input())
times = [input().strip() for _ in range(n)]
mins = [int(t[:2]) * 60 + int(t[3:]) for t in times]
best = 0
for a in mins:
    for b in mins:
        if b > a:
            # b follows a directly when no time lies strictly between them
            if not any(a < c < b for c in mins):
                best = max(best, b - a)
print(best)
"""


def fmt(ts):
    return f"{len(ts)}\n" + "".join("%02d:%02d\n" % (t // 60, t % 60) for t in ts)


def small(rng):
    pool = [0, 1, 59, 60, 61, 720, 1438, 1439] + [rng.randint(0, 1439) for _ in range(3)]
    return fmt([rng.choice(pool) for _ in range(rng.randint(1, 7))])


def public():
    return [fmt([9 * 60, 12 * 60 + 30, 8 * 60 + 15, 13 * 60 + 5]), fmt([23 * 60 + 59])]


def private(rng):
    return [
        fmt([0]),
        fmt([0, 1439]),
        fmt([1439, 0]),
        fmt([600, 600, 600]),
        fmt([600, 601, 600]),
        fmt([5, 1430, 10, 1435]),
        fmt([rng.randint(0, 1439) for _ in range(100)]),
        fmt([rng.randint(600, 660) for _ in range(30)] + [1000]),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 1
    assert all(re.fullmatch(r"([01][0-9]|2[0-3]):[0-5][0-9]", t) for t in lines[1:])
