ID = "time-sliced-processor"
TITLE = "Time-Sliced Processor"
PLATFORM = "codeforces"

BODY = r"""
A single processor runs n jobs, numbered 1 to n. Job i arrives at time a_i and needs w_i units of processing time in total. The processor uses a waiting line (first in, first out) and a time slice of q units:

- A job arriving at time t joins the end of the line at time t. Jobs arriving at the same time join in increasing order of their numbers.
- Whenever the processor is not running a job and the line is not empty, it immediately takes the job at the front of the line and runs it for min(q, r) units, where r is the processing time that job still needs. While it runs, no other job is run.
- When such a run ends at time t: if the job still needs processing time, it goes to the end of the line, **after** all jobs that arrive at time t. Otherwise the job is finished at time t.
- If the line is empty, the processor waits until the next job arrives.

Time starts at 0. Print the time at which each job is finished.

Input

The first line contains two integers n and q — the number of jobs and the length of a time slice.

Each of the next n lines contains two integers a_i and w_i — the arrival time and the total processing time of job i. The jobs are not necessarily given in order of arrival time.

Output

Print n integers separated by spaces: the finishing times of jobs 1, 2, ..., n.

Constraints

- 1 \leq n \leq 100
- 1 \leq q \leq 100
- 0 \leq a_i \leq 1000
- 1 \leq w_i \leq 100
- All input values are integers.
"""

EXPLAIN = [
    "Job 1 runs from 0 to 2. At time 2, job 2 arrives and joins the line before job 1 goes back to it. Job 2 runs from 2 to 4, job 1 from 4 to 5 (finished), job 2 from 5 to 6 (finished).",
    "Job 2 arrives first and finishes at 4. The processor is idle from 4 to 10. Both jobs 1 and 3 arrive at 10; job 1 is ahead of job 3 in the line because its number is smaller.",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    jobs = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]
    order = sorted(range(n), key=lambda i: (jobs[i][0], i))
    rem = [w for _, w in jobs]
    done = [0] * n
    line = deque()
    t = 0
    nxt = 0
    finished = 0
    while finished < n:
        while nxt < n and jobs[order[nxt]][0] <= t:
            line.append(order[nxt])
            nxt += 1
        if not line:
            t = jobs[order[nxt]][0]
            continue
        j = line.popleft()
        run = min(q, rem[j])
        t += run
        rem[j] -= run
        while nxt < n and jobs[order[nxt]][0] <= t:
            line.append(order[nxt])
            nxt += 1
        if rem[j] > 0:
            line.append(j)
        else:
            done[j] = t
            finished += 1
    print(*done)

main()
"""

BRUTE = r"""
n, q = map(int, input().split())
arr = []
need = []
for _ in range(n):
    a, w = map(int, input().split())
    arr.append(a)
    need.append(w)
finish = [None] * n
line = []
running = None
used = 0
time = 0
while any(f is None for f in finish):
    # arrivals at this moment, in index order
    for i in range(n):
        if arr[i] == time:
            line.append(i)
    # the running job's slice may end at this moment
    if running is not None and (need[running] == 0 or used == q):
        if need[running] == 0:
            finish[running] = time
        else:
            line.append(running)
        running = None
    if running is None and line:
        running = line.pop(0)
        used = 0
    # one unit of work
    if running is not None:
        need[running] -= 1
        used += 1
    time += 1
print(" ".join(map(str, finish)))
"""


def fmt(q, jobs):
    return f"{len(jobs)} {q}\n" + "".join(f"{a} {w}\n" for a, w in jobs)


def small(rng):
    n = rng.randint(1, 6)
    q = rng.choice([1, 2, 3, 5, 100])
    amax = rng.choice([0, 5, 15])
    return fmt(q, [(rng.randint(0, amax), rng.randint(1, 8)) for _ in range(n)])


def public():
    return [
        fmt(2, [(0, 3), (2, 3)]),
        fmt(3, [(10, 2), (0, 4), (10, 5)]),
    ]


def private(rng):
    return [
        # one job; many slices
        fmt(1, [(1000, 100)]),
        # q larger than every job: served in arrival order
        fmt(100, [(5, 10), (0, 7), (5, 1), (3, 100)]),
        # arrivals exactly at the end of a slice go before the preempted job
        fmt(3, [(0, 7), (3, 2), (6, 3), (9, 1)]),
        # work equal to a multiple of q, all arriving at 0
        fmt(4, [(0, 8), (0, 4), (0, 12), (0, 1)]),
        # long idle gaps between jobs
        fmt(5, [(100, 3), (0, 2), (500, 10), (1000, 1)]),
        # q = 1 with many jobs at once
        fmt(1, [(0, rng.randint(1, 100)) for _ in range(30)] + [(rng.randint(0, 300), rng.randint(1, 100)) for _ in range(20)]),
        fmt(rng.randint(5, 20), [(rng.randint(0, 1000), rng.randint(1, 100)) for _ in range(100)]),
        fmt(7, [(rng.randint(0, 100), rng.randint(1, 100)) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == ""
    n, q = map(int, lines[0].split())
    assert 1 <= n <= 100 and 1 <= q <= 100 and len(lines) == n + 2
    for line in lines[1:n + 1]:
        a, w = map(int, line.split())
        assert 0 <= a <= 1000 and 1 <= w <= 100
