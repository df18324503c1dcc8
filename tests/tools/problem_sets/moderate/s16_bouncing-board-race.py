ID = "bouncing-board-race"
TITLE = "Bouncing Board Race"
PLATFORM = "codeforces"

BODY = r"""
p players, numbered 1 to p, play a race on a track of cells numbered 0 to n. All players start on cell 0. A sequence of r die rolls v_1, v_2, ..., v_r is given; the rolls are used one per move, in this order.

Player 1 takes the first turn. On a turn, the current player uses the next unused roll v and moves:

- let x be the player's cell; the target is x + v, but if x + v > n the player bounces back from the last cell: the target is n - (x + v - n);
- the player moves to the target cell;
- if the target is n, the player wins and the game ends immediately (all remaining rolls are ignored);
- otherwise, every **other** player standing on the target cell is sent back to cell 0;
- then, if v = 6, the same player takes another turn; otherwise the turn passes to the next player (after player p comes player 1 again).

If all rolls are used and nobody has won, the game ends without a winner.

Print the winner and the cells of all players when the game ends.

Input

The first line contains three integers p, n and r — the number of players, the last cell and the number of rolls.

The second line contains r integers v_1, v_2, ..., v_r.

Output

On the first line print the number of the winner, or -1 if the game ended without a winner. On the second line print p integers separated by spaces: the cells of players 1, 2, ..., p when the game ends.

Constraints

- 2 \leq p \leq 4
- 6 \leq n \leq 100
- 1 \leq r \leq 1000
- 1 \leq v_i \leq 6
- All input values are integers.
"""

EXPLAIN = [
    "Player 1 moves to 3. Player 2 rolls 6, moves to 6 and plays again: with 4 he reaches 10. Player 1 moves from 3 to 5. Player 2 rolls 3: 10 + 3 = 13 > 12, so he bounces back to 12 - 1 = 11. Player 1 rolls 6 and moves to 11, sending player 2 back to 0; he plays again and rolls 1, reaching 12 and winning. The last roll is not used.",
    "Nobody reaches cell 6 exactly. Player 2 (on cell 4) rolls 3 and bounces to 5, which sends player 1, on cell 5, back to 0.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    p, n, r = int(data[0]), int(data[1]), int(data[2])
    rolls = list(map(int, data[3:3 + r]))
    pos = [0] * p
    cur = 0
    winner = -1
    for v in rolls:
        t = pos[cur] + v
        if t > n:
            t = 2 * n - t
        pos[cur] = t
        if t == n:
            winner = cur + 1
            break
        for j in range(p):
            if j != cur and pos[j] == t:
                pos[j] = 0
        if v != 6:
            cur = (cur + 1) % p
    print(winner)
    print(*pos)

main()
"""

BRUTE = r"""
p, n, r = map(int, input().split())
rolls = list(map(int, input().split()))
cells = {i: 0 for i in range(1, p + 1)}
player = 1
idx = 0
won = None
while idx < len(rolls) and won is None:
    v = rolls[idx]
    idx += 1
    here = cells[player]
    step = 1
    for _ in range(v):
        if here == n:
            step = -1
        here += step
    cells[player] = here
    if here == n:
        won = player
        break
    for other in cells:
        if other != player and cells[other] == here:
            cells[other] = 0
    if v == 6:
        continue
    player += 1
    if player > p:
        player = 1
print(won if won is not None else -1)
print(" ".join(str(cells[i]) for i in range(1, p + 1)))
"""


def fmt(p, n, rolls):
    return f"{p} {n} {len(rolls)}\n{' '.join(map(str, rolls))}\n"


def small(rng):
    p = rng.randint(2, 4)
    n = rng.choice([6, 6, 7, 8, 10, 15])
    weights = rng.choice([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 4], [3, 3, 1, 1, 1, 1]])
    rolls = rng.choices(range(1, 7), weights=weights, k=rng.randint(1, 25))
    return fmt(p, n, rolls)


def public():
    return [
        fmt(2, 12, [3, 6, 4, 2, 3, 6, 1, 5]),
        fmt(2, 6, [2, 4, 3, 3]),
    ]


def private(rng):
    return [
        # winning with a 6 on the very first roll; the rest is ignored
        fmt(3, 6, [6, 1, 2, 3]),
        # one roll only, no winner
        fmt(4, 6, [5]),
        # bounce from far: 5 + 6 = 11 on a track of 6 goes to 1, and a bounce that lands on others
        fmt(2, 6, [5, 1, 6, 3]),
        # every landing on cell 2 captures the player there; a chain of 6s ends in a win
        fmt(4, 20, [2, 2, 2, 6, 6, 6, 2, 1, 1, 1]),
        # a 6 that bounces still gives another turn
        fmt(2, 7, [5, 1, 6, 2, 3]),
        # long game without a winner
        fmt(3, 100, [rng.choice([1, 2]) for _ in range(150)]),
        fmt(4, 100, rng.choices(range(1, 7), k=1000)),
        fmt(2, 9, rng.choices(range(1, 7), weights=[1, 1, 1, 1, 1, 3], k=1000)),
        fmt(3, 37, rng.choices(range(1, 7), k=1000)),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == "" and len(lines) == 3
    p, n, r = map(int, lines[0].split())
    v = list(map(int, lines[1].split()))
    assert 2 <= p <= 4 and 6 <= n <= 100 and 1 <= r <= 1000 and len(v) == r
    assert all(1 <= x <= 6 for x in v)
