ID = "teleporter-coin-tour"
TITLE = "Teleporter Coin Tour"
PLATFORM = "atcoder"

BODY = r"""
A castle has N rooms, numbered 1 to N. Room i contains a single one-way teleporter that sends whoever uses it to room P_i (possibly P_i = i, in which case the teleporter leads back into the same room). Room i also holds a treasure chest that gives C_i coins every time someone is in the room; the chest refills instantly, so a room visited several times pays C_i coins on every visit.

A visitor starts in room S and immediately receives the coins of room S. Then the visitor uses the teleporter of the current room exactly K times in a row, and after each use receives the coins of the room arrived in. So the visitor receives coins K + 1 times in total.

Print the total number of coins the visitor receives.

Input

The input is given from Standard Input in the following format:
N K S
P_1 P_2 \ldots P_N
C_1 C_2 \ldots C_N

Output

Print the total number of coins received.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq K \leq 10^{18}
- 1 \leq S \leq N
- 1 \leq P_i \leq N
- 0 \leq C_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The visitor is in rooms 1, 2, 3, 4, 2, 3, 4 and receives 5 + 1 + 2 + 3 + 1 + 2 + 3 = 17 coins.",
    "From room 3 the visitor moves to room 1 and then stays in room 1 forever, receiving 7 coins each time: 4 + 7 \\times 10^{18}.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, k, s = int(data[0]), int(data[1]), int(data[2])
    p = [int(x) - 1 for x in data[3:3 + n]]
    c = [int(x) for x in data[3 + n:3 + 2 * n]]
    first = [-1] * n
    seq = []
    cur = s - 1
    while first[cur] == -1:
        first[cur] = len(seq)
        seq.append(cur)
        cur = p[cur]
    mu = first[cur]
    lam = len(seq) - mu
    pre = [0]
    for room in seq:
        pre.append(pre[-1] + c[room])
    visits = k + 1
    if visits <= len(seq):
        print(pre[visits])
        return
    cycle_sum = pre[len(seq)] - pre[mu]
    q, r = divmod(visits - mu, lam)
    print(pre[mu] + q * cycle_sum + (pre[mu + r] - pre[mu]))

main()
"""

BRUTE = r"""
n, k, s = map(int, input().split())
p = list(map(int, input().split()))
c = list(map(int, input().split()))
room = s
total = c[room - 1]
for _ in range(k):
    room = p[room - 1]
    total += c[room - 1]
print(total)
"""


def fmt(k, s, p, c):
    return f"{len(p)} {k} {s}\n{' '.join(map(str, p))}\n{' '.join(map(str, c))}\n"


def small(rng):
    n = rng.randint(1, 7)
    p = [rng.randint(1, n) for _ in range(n)]
    cmax = rng.choice([0, 3, 10**9])
    c = [rng.randint(0, cmax) for _ in range(n)]
    k = rng.choice([0, 1, 2, rng.randint(0, 12), rng.randint(0, 300)])
    return fmt(k, rng.randint(1, n), p, c)


def rho(rng, n, tail, cyc, cmax):
    # rooms 1..n shuffled; start -> tail rooms -> cycle of length cyc; the rest random
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    path = perm[:tail + cyc]
    p = [0] * (n + 1)
    for a, b in zip(path, path[1:]):
        p[a] = b
    p[path[-1]] = path[tail]
    for v in perm[tail + cyc:]:
        p[v] = rng.randint(1, n)
    c = [rng.randint(0, cmax) for _ in range(n)]
    return p[1:], c, path[0]


def private(rng):
    out = []
    out.append(fmt(0, 1, [1], [10**9]))
    out.append(fmt(10**18, 1, [1], [10**9]))
    out.append(fmt(10**18, 2, [1, 1], [0, 0]))
    # K exactly the tail length, and one more
    p, c, s = rho(rng, 9, 4, 3, 100)
    out.append(fmt(4, s, p, c))
    out.append(fmt(5, s, p, c))
    p, c, s = rho(rng, 6000, 2500, 3000, 1000)
    out.append(fmt(10**18, s, p, c))
    p, c, s = rho(rng, 300, 0, 300, 10**9)
    out.append(fmt(10**18 - 1, s, p, c))
    p, c, s = rho(rng, 2000, 1990, 1, 10**9)
    out.append(fmt(123456789012345678, s, p, c))
    p, c, s = rho(rng, 50, 10, 7, 20)
    out.append(fmt(16, s, p, c))
    return out


def public():
    return [
        fmt(6, 1, [2, 3, 4, 2, 1], [5, 1, 2, 3, 9]),
        fmt(10**18, 3, [1, 3, 1], [7, 9, 4]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, k, s = map(int, lines[0].split())
    p = list(map(int, lines[1].split()))
    c = list(map(int, lines[2].split()))
    assert len(lines) == 4 and lines[3] == ""
    assert 1 <= n <= 2 * 10**5 and 0 <= k <= 10**18 and 1 <= s <= n
    assert len(p) == n and len(c) == n
    assert all(1 <= x <= n for x in p) and all(0 <= x <= 10**9 for x in c)
