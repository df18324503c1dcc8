ID = "shortest-checkout-line"
TITLE = "Shortest Checkout Line"
PLATFORM = "atcoder"

BODY = r"""
A supermarket has K checkout lanes, numbered 1 to K, all empty at the start. N customers, numbered 1 to N, come to the checkout: customer i arrives at time T_i and needs S_i minutes to be served.

- When customer i arrives, they join the end of the lane that has the fewest people in it at that moment (the person being served counts too). If several lanes have the fewest people, they join the one with the smallest number. They never change lanes.
- Each lane serves its customers one at a time, in the order they joined. A customer's service starts as soon as they are at the front of their lane: at their arrival time if the lane was empty, otherwise at the moment the previous customer of the lane leaves. A customer whose service starts at time x leaves the lane at time x + S_i.
- A customer who leaves at time t is no longer in the lane at time t: all customers leaving at time t leave before any customer arriving at time t chooses a lane.
- Customers arriving at the same time choose their lanes one after another, in increasing order of their numbers; each of them sees the customers who chose before them.

For each customer, print the number of the lane they join and the time they leave.

Input

The input is given from Standard Input in the following format:
N K
T_1 S_1
T_2 S_2
\vdots
T_N S_N

Output

Print N lines. The i-th line must contain the lane number of customer i and the time customer i leaves, separated by a space.

Constraints

- 1 \leq N \leq 100
- 1 \leq K \leq 10
- 0 \leq T_1 \leq T_2 \leq \ldots \leq T_N \leq 1000
- 1 \leq S_i \leq 100
- All input values are integers.
"""

EXPLAIN = [
    "Customers 1 and 2 take the empty lanes 1 and 2. At time 2, both lanes hold one person; customer 3 joins lane 1 and starts after customer 1 leaves at time 5. At time 6, lane 1 holds one person (customer 3) and lane 2 holds one person (customer 2), so customer 4 joins lane 1.",
    "Customer 1 leaves at time 4, before customer 2 arrives at time 4, so customer 2 finds lane 1 empty. Customer 3, arriving at the same time, sees customer 2 in lane 1 and takes lane 2.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    lanes = [[] for _ in range(k)]  # leave times of the customers who joined each lane
    out = []
    for i in range(n):
        t, s = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        best = 0
        best_cnt = None
        for j in range(k):
            cnt = sum(1 for x in lanes[j] if x > t)
            if best_cnt is None or cnt < best_cnt:
                best, best_cnt = j, cnt
        last = lanes[best][-1] if lanes[best] else 0
        leave = max(t, last) + s
        lanes[best].append(leave)
        out.append("%d %d" % (best + 1, leave))
    print("\n".join(out))

main()
"""

BRUTE = r"""
from collections import deque
n, k = map(int, input().split())
cust = [tuple(map(int, input().split())) for _ in range(n)]
queues = [deque() for _ in range(k)]   # entries: [customer, remaining minutes]
lane_of = [0] * n
leave = [None] * n
nxt = 0
time = 0
while nxt < n or any(queues):
    # customers whose service is complete leave at this moment
    for q in queues:
        if q and q[0][1] == 0:
            c, _ = q.popleft()
            leave[c] = time
    # arrivals choose lanes one by one
    while nxt < n and cust[nxt][0] == time:
        sizes = [len(q) for q in queues]
        j = sizes.index(min(sizes))
        queues[j].append([nxt, cust[nxt][1]])
        lane_of[nxt] = j + 1
        nxt += 1
    # one minute of service at the front of every lane
    for q in queues:
        if q:
            q[0][1] -= 1
    time += 1
for i in range(n):
    print(lane_of[i], leave[i])
"""


def fmt(k, cs):
    return f"{len(cs)} {k}\n" + "".join(f"{t} {s}\n" for t, s in cs)


def rand_cs(rng, n, tmax, smax, same):
    ts = sorted(rng.randint(0, tmax) for _ in range(n))
    if same:
        ts = sorted(rng.choice(ts[: max(1, n // 3)]) if rng.random() < 0.5 else t for t in ts)
    return [(t, rng.randint(1, smax)) for t in ts]


def small(rng):
    n = rng.randint(1, 7)
    k = rng.randint(1, 4)
    return fmt(k, rand_cs(rng, n, rng.choice([3, 10, 25]), rng.choice([1, 3, 6]), rng.random() < 0.4))


def public():
    return [
        fmt(2, [(0, 5), (1, 7), (2, 3), (6, 2)]),
        fmt(2, [(0, 4), (4, 2), (4, 1)]),
    ]


def private(rng):
    return [
        # one customer, one lane
        fmt(1, [(1000, 100)]),
        # one lane: customers chain, with an idle gap and an exact hand-over
        fmt(1, [(0, 3), (1, 2), (5, 4), (9, 1), (20, 1)]),
        # more lanes than customers, all arriving at once
        fmt(10, [(7, 5)] * 6),
        # leaving exactly when the next arrives, several lanes
        fmt(3, [(0, 2), (0, 4), (0, 6), (2, 1), (4, 5), (4, 1), (6, 3), (6, 1)]),
        # a long lane and a short lane: counting people, not minutes of work
        fmt(2, [(0, 100), (0, 1), (0, 1), (1, 1), (1, 1), (2, 1), (50, 1), (100, 1), (101, 1)]),
        # everybody at time 0
        fmt(4, [(0, rng.randint(1, 100)) for _ in range(100)]),
        fmt(3, rand_cs(rng, 100, 1000, 100, False)),
        fmt(10, rand_cs(rng, 100, 200, 100, True)),
        fmt(2, rand_cs(rng, 100, 500, 10, True)),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == ""
    n, k = map(int, lines[0].split())
    assert 1 <= n <= 100 and 1 <= k <= 10 and len(lines) == n + 2
    prev = 0
    for line in lines[1:n + 1]:
        t, s = map(int, line.split())
        assert prev <= t <= 1000 and 1 <= s <= 100
        prev = t
