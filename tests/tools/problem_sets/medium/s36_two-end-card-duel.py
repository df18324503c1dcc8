ID = "two-end-card-duel"
TITLE = "Two-End Card Duel"
PLATFORM = "atcoder"

BODY = r"""
N cards are laid out in a row; the i-th card from the left shows the integer A_i, which may be negative. Alice and Bob play a game, with Alice moving first and the players alternating turns.

On a turn, the player chooses one end of the row (the left end or the right end) and takes either 1 card or 2 cards from that end; a player may take 2 cards only if at least 2 cards remain. Taking cards is mandatory, so every turn removes at least one card. The game ends when no cards remain. Each player's score is the sum of the numbers on the cards they took (0 if they took none).

Alice plays to maximize (Alice's score) - (Bob's score), and Bob plays to minimize it. Print the value of (Alice's score) - (Bob's score) when both play optimally.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the final score difference (it may be negative).

Constraints

- 1 \leq N \leq 300
- -10^9 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Alice takes the 3 on the left. From [1, -5, 2], Bob's best is to take -5 and 2 together (or the 2 alone); either way the game ends with Alice holding 3 and 1 and Bob holding -5 and 2, a difference of (3 + 1) - (-5 + 2) = 7. No strategy gives Alice more.",
    "Every card is negative and no turn may be skipped. If Alice takes the -1 alone, Bob takes the -2 and Alice must take the -8; if she takes -1 and -8 together, Bob must take the -2. Both give (-9) - (-2) = -7. Starting from the right end is worse for her.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    # best[l][r]: (mover's score) - (other's score) on cards a[l..r-1]
    best = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(1, n + 1):
        for l in range(0, n - length + 1):
            r = l + length
            v = a[l] - best[l + 1][r]
            w = a[r - 1] - best[l][r - 1]
            if w > v:
                v = w
            if length >= 2:
                w = a[l] + a[l + 1] - best[l + 2][r]
                if w > v:
                    v = w
                w = a[r - 1] + a[r - 2] - best[l][r - 2]
                if w > v:
                    v = w
            best[l][r] = v
    print(best[0][n])

main()
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))

def play(cards, alice_turn, alice, bob):
    # returns the final (alice - bob) under optimal play, exploring every line
    if not cards:
        return alice - bob
    moves = [(cards[:1], cards[1:]), (cards[-1:], cards[:-1])]
    if len(cards) >= 2:
        moves += [(cards[:2], cards[2:]), (cards[-2:], cards[:-2])]
    results = []
    for taken, rest in moves:
        if alice_turn:
            results.append(play(rest, False, alice + sum(taken), bob))
        else:
            results.append(play(rest, True, alice, bob + sum(taken)))
    return max(results) if alice_turn else min(results)

print(play(tuple(a), True, 0, 0))
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 7)
    hi = rng.choice([0, 1, 5, 10**9])
    return fmt([rng.randint(-hi, hi) for _ in range(n)])


def public():
    return [fmt([3, 1, -5, 2]), fmt([-1, -8, -2])]


def private(rng):
    return [
        fmt([5]),
        fmt([-7]),
        fmt([4, -4]),
        fmt([0, 0, 0, 0, 0, 0]),
        fmt([1, 100, 1, 1, 100, 1, 1, 100]),
        fmt([-3, -3, 10, -3, -3, -3, 10, -3, -3]),
        fmt([rng.randint(-20, 20) for _ in range(25)]),
        fmt([rng.randint(-10**9, 10**9) for _ in range(300)]),
        fmt([rng.choice([-10**9, 10**9]) for _ in range(299)]),
        fmt([-10**9] * 300),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    a = list(map(int, lines[1].split()))
    assert 1 <= n <= 300 and len(a) == n
    assert all(-10**9 <= x <= 10**9 for x in a)
    assert inp == fmt(a)
