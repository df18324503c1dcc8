ID = "parking-meter-bill"
TITLE = "Parking Meter Bill"
PLATFORM = "atcoder"

BODY = r"""
A parking lot recorded N stays. Stay i has an entry time S_i and an exit time E_i, each written as HH:MM on a 24-hour clock (from 00:00 to 23:59).

Every stay lasts more than 0 and at most 24 hours, and its length in minutes is computed as follows:

- if E_i is a later clock time than S_i on the same day, the length is (E_i - S_i) minutes;
- otherwise (E_i is earlier than or equal to S_i), the car left on the next day, and the length is (E_i - S_i + 1440) minutes. In particular, if E_i = S_i, the stay lasted exactly 1440 minutes.

The fee of a stay of L minutes is computed as follows:

- if L \leq F, the fee is 0 yen (grace period; note that L = F is still free);
- otherwise, every started hour counted from the entry is charged A yen: the fee is A \times \lceil L / 60 \rceil yen, but if this is more than M yen, the fee is M yen.

For example, with F = 15 and A = 200, a stay of 60 minutes costs 200 yen and a stay of 61 minutes costs 400 yen (before applying the limit M).

Print the fee of each stay, and then the total fee of all stays.

Input

The input is given from Standard Input in the following format:
N F A M
S_1 E_1
S_2 E_2
\vdots
S_N E_N

Output

Print N + 1 lines. The i-th line (1 \leq i \leq N) must contain the fee of stay i, and the (N + 1)-th line must contain the sum of all N fees.

Constraints

- 1 \leq N \leq 100
- 0 \leq F \leq 59
- 1 \leq A \leq 1000
- A \leq M \leq 100000
- N, F, A and M are integers.
- Each S_i and E_i is a valid time in the format HH:MM with exactly two digits for the hours (00 to 23) and two digits for the minutes (00 to 59).
"""

EXPLAIN = [
    "Stay 1 lasts 90 minutes, 2 started hours: 400 yen. Stay 2 crosses midnight and lasts 145 minutes, 3 started hours: 600 yen. Stay 3 lasts 10 minutes, within the grace period: 0 yen. The total is 1000 yen.",
    "Stay 1 lasts 1 minute (it crosses midnight) and costs 300 yen. Stay 2 lasts 300 minutes; 5 hours would cost 1500 yen, which is more than M = 1000, so it costs 1000 yen.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, f, a, m = int(data[0]), int(data[1]), int(data[2]), int(data[3])
    fees = []
    for i in range(n):
        s = data[4 + 2 * i]
        e = data[5 + 2 * i]
        sm = int(s[:2]) * 60 + int(s[3:])
        em = int(e[:2]) * 60 + int(e[3:])
        length = em - sm
        if length <= 0:
            length += 1440
        if length <= f:
            fee = 0
        else:
            hours = (length + 59) // 60
            fee = min(a * hours, m)
        fees.append(fee)
    for x in fees:
        print(x)
    print(sum(fees))

main()
"""

BRUTE = r"""
n, f, a, m = map(int, input().split())
total = 0
for _ in range(n):
    s, e = input().split()
    h, mi = int(s[0:2]), int(s[3:5])
    eh, emi = int(e[0:2]), int(e[3:5])
    minutes = 0
    while True:
        mi += 1
        if mi == 60:
            mi = 0
            h += 1
            if h == 24:
                h = 0
        minutes += 1
        if h == eh and mi == emi:
            break
    if minutes <= f:
        fee = 0
    else:
        hours = 0
        while hours * 60 < minutes:
            hours += 1
        fee = 0
        for _ in range(hours):
            fee += a
        if fee > m:
            fee = m
    print(fee)
    total += fee
print(total)
"""


def hm(t):
    return f"{t // 60:02d}:{t % 60:02d}"


def fmt(f, a, m, stays):
    lines = [f"{len(stays)} {f} {a} {m}"]
    lines += [f"{hm(s)} {hm(e)}" for s, e in stays]
    return "\n".join(lines) + "\n"


def rand_stay(rng, f):
    s = rng.choice([rng.randrange(1440), 0, 1439, 720, rng.randrange(1380, 1440)])
    kind = rng.random()
    if kind < 0.15:
        length = 1440
    elif kind < 0.35:
        length = max(1, f + rng.choice([-1, 0, 1]))
    elif kind < 0.55:
        length = 60 * rng.randint(1, 24) + rng.choice([-1, 0, 1])
        length = min(max(length, 1), 1440)
    else:
        length = rng.randint(1, 1440)
    return s, (s + length) % 1440


def small(rng):
    f = rng.choice([0, 15, 30, 59, rng.randint(0, 59)])
    a = rng.randint(1, 50)
    m = rng.choice([a, a * rng.randint(1, 30), 100000])
    m = min(m, 100000)
    n = rng.randint(1, 5)
    return fmt(f, a, m, [rand_stay(rng, f) for _ in range(n)])


def public():
    return [
        fmt(15, 200, 1500, [(9 * 60, 10 * 60 + 30), (22 * 60 + 45, 60 + 10), (12 * 60, 12 * 60 + 10)]),
        fmt(0, 300, 1000, [(23 * 60 + 59, 0), (6 * 60, 11 * 60)]),
    ]


def private(rng):
    big = [rand_stay(rng, 20) for _ in range(100)]
    return [
        # same entry and exit time: a full day, capped and not capped
        fmt(10, 100, 5000, [(8 * 60, 8 * 60), (0, 0)]),
        fmt(10, 100, 2400, [(13 * 60 + 7, 13 * 60 + 7)]),
        # exactly the grace period, one minute more
        fmt(15, 250, 9999, [(10 * 60, 10 * 60 + 15), (10 * 60, 10 * 60 + 16), (23 * 60 + 50, 5)]),
        # exact hours and one minute over, across midnight
        fmt(0, 7, 100000, [(22 * 60, 0), (22 * 60, 1), (23 * 60 + 1, 1), (0, 23 * 60 + 59), (0, 60), (59, 60)]),
        # fee exactly equal to the cap, and A = M
        fmt(5, 400, 1200, [(9 * 60, 12 * 60), (9 * 60, 12 * 60 + 1)]),
        fmt(59, 500, 500, [(0, 59), (0, 0), (12 * 60, 13 * 60 + 1), (23 * 60 + 59, 23 * 60 + 58)]),
        # every stay free
        fmt(30, 100, 1000, [(5, 35), (23 * 60 + 45, 10), (7 * 60, 7 * 60 + 1)]),
        fmt(20, rng.randint(1, 1000), 100000, big),
        fmt(rng.randint(0, 59), rng.randint(1, 1000), rng.randint(1000, 5000),
            [(rng.randrange(1440), rng.randrange(1440)) for _ in range(100)]),
    ]


def valid(inp):
    import re
    lines = inp.split("\n")
    assert lines[-1] == ""
    n, f, a, m = map(int, lines[0].split())
    assert 1 <= n <= 100 and 0 <= f <= 59 and 1 <= a <= 1000 and a <= m <= 100000
    assert len(lines) == n + 2
    for line in lines[1:n + 1]:
        parts = line.split(" ")
        assert len(parts) == 2
        for p in parts:
            assert re.fullmatch(r"([01][0-9]|2[0-3]):[0-5][0-9]", p)
