ID = "no-zero-elevator"
TITLE = "Elevator Without Floor Zero"
PLATFORM = "codeforces"

BODY = r"""
A building numbers its floors with nonzero integers: the basement floors are -1, -2, -3, ... (going down) and the floors above ground are 1, 2, 3, ... (going up). There is no floor 0: floors -1 and 1 are adjacent. The elevator needs exactly 1 second to move between two adjacent floors, so, for example, going from floor -2 to floor 3 takes 4 seconds (-2, -1, 1, 2, 3).

At time 0 the elevator is idle at floor 1. Then n calls arrive. Call i is made at time t_i by a person standing on floor a_i who wants to go to floor b_i. The calls are served one at a time, in the order they are given in the input. Serving call i works like this:

- it starts at time max(t_i, f_{i-1}), where f_{i-1} is the time the service of call i-1 ended (for the first call, it starts at time t_1); until then the elevator waits at its current floor;
- the elevator moves from its current floor to floor a_i (this takes 0 seconds if it is already there);
- its door stays open for d seconds while the person gets in (this also happens when no moving was needed);
- the elevator moves to floor b_i;
- its door stays open for d seconds while the person gets out; at that moment the service of call i ends, at time f_i, and the elevator stays at floor b_i.

For every call, print f_i.

Input

The first line contains two integers n and d — the number of calls and the time the door stays open.

Each of the next n lines contains three integers t_i, a_i and b_i — the time of call i, the floor where the person waits and the floor the person wants to reach.

Output

Print n lines. The i-th line must contain f_i, the time the service of call i ends.

Constraints

- 1 \leq n \leq 100
- 0 \leq d \leq 100
- 0 \leq t_1 \leq t_2 \leq \ldots \leq t_n \leq 10^6
- -100 \leq a_i, b_i \leq 100
- a_i \neq 0, b_i \neq 0, a_i \neq b_i
- All input values are integers.
"""

EXPLAIN = [
    "Call 1 starts at time 0: the elevator goes from floor 1 to floor 3 (2 seconds), the door is open from 2 to 4, it goes down to floor -2 (4 seconds, skipping the missing floor 0) and the door is open from 8 to 10. Call 2 was made at time 5 but starts at time 10: the elevator goes from -2 to 2 (3 seconds), door until 15, up to 5 (3 seconds), door until 20.",
    "The elevator is already at floor 1, so for call 1 the door opens at once (from 0 to 1), the ride to floor 4 takes 3 seconds and the door is open from 4 to 5. The elevator then waits at floor 4 until time 100; going from floor 4 to floor -1 takes 4 seconds.",
]

REF = r"""
import sys

def dist(x, y):
    d = abs(x - y)
    if (x < 0) != (y < 0):
        d -= 1
    return d

def main():
    data = sys.stdin.read().split()
    n, d = int(data[0]), int(data[1])
    cur = 1
    free = None
    out = []
    for i in range(n):
        t, a, b = int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])
        start = t if free is None else max(t, free)
        time = start + dist(cur, a) + d + dist(a, b) + d
        cur = b
        free = time
        out.append(time)
    print("\n".join(map(str, out)))

main()
"""

BRUTE = r"""
n, d = map(int, input().split())
floor = 1
clock = 0
first = True
for _ in range(n):
    t, a, b = map(int, input().split())
    while clock < t:
        clock += 1
    for target in (a, b):
        while floor != target:
            step = 1 if target > floor else -1
            floor += step
            if floor == 0:
                floor += step
            clock += 1
        for _ in range(d):
            clock += 1
    print(clock)
"""


def fmt(d, calls):
    return f"{len(calls)} {d}\n" + "".join(f"{t} {a} {b}\n" for t, a, b in calls) 


def rand_floor(rng, lim):
    x = 0
    while x == 0:
        x = rng.randint(-lim, lim)
    return x


def rand_calls(rng, n, lim, tmax, gap):
    calls = []
    t = rng.randint(0, gap)
    for _ in range(n):
        t = min(tmax, t + rng.choice([0, 0, rng.randint(0, gap)]))
        a = rand_floor(rng, lim)
        b = a
        while b == a:
            b = rand_floor(rng, lim)
        calls.append((t, a, b))
    return calls


def small(rng):
    n = rng.randint(1, 5)
    lim = rng.choice([1, 2, 3, 5])
    d = rng.choice([0, 1, 3])
    calls = rand_calls(rng, n, lim, 60, rng.choice([2, 10, 30]))
    if rng.random() < 0.3:
        t, a, b = calls[0]
        calls[0] = (t, 1, b if b != 1 else -1)
    return fmt(d, calls)


def public():
    return [
        fmt(2, [(0, 3, -2), (5, 2, 5)]),
        fmt(1, [(0, 1, 4), (100, -1, 1)]),
    ]


def private(rng):
    return [
        # single call, elevator already there, d = 0
        fmt(0, [(7, 1, -1)]),
        # crossing the missing floor both ways, already at the pickup floor
        fmt(3, [(0, -1, 1), (0, 1, -1), (0, -1, -100), (1, -100, 100)]),
        # idle waits: a call made exactly when the previous one ends, and later ones
        fmt(5, [(2, 2, 3), (16, 3, 2), (26, 5, -5), (1000000, -5, -4)]),
        # all calls at the same time, far floors
        fmt(100, [(0, 100, -100), (0, -100, 100), (0, 100, 99), (0, 99, -1), (0, -2, 2)]),
        # basement only
        fmt(1, [(3, -3, -7), (4, -7, -2), (50, -2, -3)]),
        fmt(rng.randint(0, 100), rand_calls(rng, 100, 100, 10**6, 300)),
        fmt(rng.randint(0, 5), rand_calls(rng, 100, 3, 10**6, 15)),
        fmt(rng.randint(0, 100), rand_calls(rng, 60, 100, 10**6, 30000)),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == ""
    n, d = map(int, lines[0].split())
    assert 1 <= n <= 100 and 0 <= d <= 100 and len(lines) == n + 2
    prev = 0
    for line in lines[1:n + 1]:
        t, a, b = map(int, line.split())
        assert prev <= t <= 10**6
        prev = t
        assert -100 <= a <= 100 and -100 <= b <= 100 and a != 0 and b != 0 and a != b
