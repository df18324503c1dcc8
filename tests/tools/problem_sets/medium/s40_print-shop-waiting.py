ID = "print-shop-waiting"
TITLE = "Print Shop Waiting"
PLATFORM = "atcoder"

BODY = r"""
A print shop has K identical printers and receives N print jobs, numbered 1 to N. Job i arrives at time T_i and needs D_i minutes on one printer; once a job is started it runs without interruption until time S_i + D_i, where S_i is its start time, and then its printer becomes idle again.

The shop follows this rule. Whenever, at some moment, at least one printer is idle and at least one job has arrived but has not been started yet, the shop immediately starts one such waiting job on an idle printer: the waiting job with the smallest D_i, and among waiting jobs with the same smallest D_i, the one with the smallest index i. This is repeated at the same moment as long as some printer is idle and some job is waiting. A printer that finishes a job at time t is idle at time t, and a job that arrives at time t can be started at time t.

The waiting time of job i is S_i - T_i. Print the sum of the waiting times of all N jobs.

Input

The input is given from Standard Input in the following format:
N K
T_1 D_1
T_2 D_2
\vdots
T_N D_N

The jobs are not necessarily given in order of arrival time.

Output

Print the sum of the waiting times of all jobs.

Constraints

- 1 \leq K \leq N \leq 2 \times 10^5
- 0 \leq T_i \leq 10^9
- 1 \leq D_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "At time 0 job 1 starts (S_1 = 0). Jobs 2, 3 and 4 arrive while the printer is busy. At time 5 the shortest waiting job is job 3 (D = 1), so S_3 = 5; then job 4 (D = 2) starts at 6 and job 2 at 8. The waiting times are 0, 7, 3 and 3, which sum to 13.",
    "At time 2 jobs 1 and 2 start on the two printers; job 3 waits. At time 5 the printer running job 1 becomes idle and job 3 starts then, waiting 3 minutes. Job 4 arrives at 10 when both printers are idle and starts at once.",
]

REF = r"""
import sys
import heapq

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    t = [int(data[2 + 2 * i]) for i in range(n)]
    d = [int(data[3 + 2 * i]) for i in range(n)]
    order = sorted(range(n), key=lambda i: (t[i], i))
    waiting = []
    busy = []
    p = 0
    now = 0
    total = 0
    while p < n or waiting:
        if not waiting:
            now = max(now, t[order[p]])
        while busy and busy[0] <= now:
            heapq.heappop(busy)
        while p < n and t[order[p]] <= now:
            j = order[p]
            heapq.heappush(waiting, (d[j], j))
            p += 1
        if waiting and len(busy) < k:
            dj, j = heapq.heappop(waiting)
            total += now - t[j]
            heapq.heappush(busy, now + dj)
        elif waiting:
            now = busy[0]
    print(total)

main()
"""

BRUTE = r"""
n, k = map(int, input().split())
jobs = [tuple(map(int, input().split())) for _ in range(n)]
finish = [None] * k
started = [False] * n
total = 0
count = 0
time = 0
while count < n:
    for m in range(k):
        if finish[m] is not None and finish[m] <= time:
            finish[m] = None
    while True:
        idle = [m for m in range(k) if finish[m] is None]
        cand = [i for i in range(n) if not started[i] and jobs[i][0] <= time]
        if not idle or not cand:
            break
        best = cand[0]
        for i in cand:
            if jobs[i][1] < jobs[best][1]:
                best = i
        started[best] = True
        count += 1
        total += time - jobs[best][0]
        finish[idle[0]] = time + jobs[best][1]
    time += 1
print(total)
"""


def fmt(jobs, k):
    return f"{len(jobs)} {k}\n" + "".join(f"{a} {b}\n" for a, b in jobs)


def small(rng):
    n = rng.randint(1, 7)
    k = rng.randint(1, n) if rng.random() < 0.5 else 1
    tmax = rng.choice([0, 3, 15])
    dmax = rng.choice([1, 3, 6])
    jobs = [(rng.randint(0, tmax), rng.randint(1, dmax)) for _ in range(n)]
    return fmt(jobs, k)


def public():
    return [
        fmt([(0, 5), (1, 3), (2, 1), (3, 2)], 1),
        fmt([(2, 3), (2, 4), (2, 6), (10, 1)], 2),
    ]


def private(rng):
    big = 5500
    heavy = [(rng.randint(0, 10**5), rng.randint(1, 1000)) for _ in range(big)]
    mid = [(rng.randint(0, 10**9), rng.randint(1, 10**9)) for _ in range(400)]
    burst = [(7, rng.randint(1, 3)) for _ in range(300)]
    return [
        fmt([(10**9, 10**9)], 1),
        fmt([(5, 2), (5, 2), (5, 2), (5, 2)], 4),
        fmt([(9, 1), (0, 4), (4, 4), (4, 1), (8, 3), (3, 2)], 1),
        fmt([(0, 10), (0, 1), (0, 1), (10, 5), (1, 1), (20, 2)], 2),
        fmt(burst, 3),
        fmt(mid, 7),
        fmt(heavy, 2),
        fmt([(i % 50, 1 + (i * 37) % 20) for i in range(200)], 5),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, k = map(int, lines[0].split())
    assert 1 <= k <= n <= 2 * 10**5
    assert len(lines) == n + 2 and lines[-1] == ""
    for line in lines[1:n + 1]:
        a, b = map(int, line.split())
        assert 0 <= a <= 10**9 and 1 <= b <= 10**9
