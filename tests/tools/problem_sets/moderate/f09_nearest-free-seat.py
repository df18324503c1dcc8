ID = "nearest-free-seat"
TITLE = "Nearest Free Seat"
FUNC = "assignSeats"
SIGNATURE = "def assignSeats(self, n: int, taken: List[int], wishes: List[int]) -> List[int]:"

BODY = r"""
A row has n seats numbered 0 to n - 1. The seats listed in taken are already occupied before anyone arrives (taken holds distinct seat numbers and may be empty).

People arrive one at a time; the i-th person to arrive wants seat wishes[i]. Each person, in order of arrival:
- takes seat wishes[i] if it is free;
- otherwise takes the free seat closest to it, where the distance between seats a and b is |a - b|; if two free seats are equally close (one on each side), takes the one with the smaller number;
- if no seat is free at all, gets no seat.

A seat, once taken, stays occupied (nobody leaves).

Return a list with one integer per person, in order of arrival: the seat that person takes, or -1 if that person gets no seat.
"""

EXPLAIN = [
    "The first person gets seat 2. The second wants 2, which is now occupied; seats 1 and 3 are both at distance 1 and free, and the smaller, 1, is chosen. The third person wants seat 4, occupied from the start, seats 3 and 5 are both free at distance 1, and the smaller, 3, is chosen.",
    "Seats 0 and 1 are occupied from the start, so the first person gets the closest free seat 2. Later, with seats 0, 1, 2 and 4 occupied, the third person gets seat 3.",
]

CONSTRAINTS = r"""
1 <= n <= 100
0 <= taken.length <= n
0 <= taken[i] < n, and all taken[i] are distinct
1 <= wishes.length <= 100
0 <= wishes[i] < n
"""

REF = r"""
class Solution:
    def assignSeats(self, n: int, taken: List[int], wishes: List[int]) -> List[int]:
        occupied = [False] * n
        for s in taken:
            occupied[s] = True
        res = []
        for w in wishes:
            got = -1
            for d in range(n):
                if w - d >= 0 and not occupied[w - d]:
                    got = w - d
                    break
                if w + d < n and not occupied[w + d]:
                    got = w + d
                    break
            if got != -1:
                occupied[got] = True
            res.append(got)
        return res
"""

BRUTE = r"""
class Solution:
    def assignSeats(self, n: int, taken: List[int], wishes: List[int]) -> List[int]:
        used = set(taken)
        res = []
        for w in wishes:
            free = [s for s in range(n) if s not in used]
            if not free:
                res.append(-1)
                continue
            best = free[0]
            for s in free:
                if abs(s - w) < abs(best - w):
                    best = s
            used.add(best)
            res.append(best)
        return res
"""


def small(rng):
    n = rng.randint(1, 8)
    taken = rng.sample(range(n), rng.randint(0, n))
    wishes = [rng.randrange(n) for _ in range(rng.randint(1, 10))]
    return [n, taken, wishes]


def public():
    return [[6, [4], [2, 2, 4]], [5, [0, 1], [0, 4, 0]]]


def private(rng):
    return [
        [1, [], [0, 0]],
        [1, [0], [0]],
        [5, [0, 1, 2, 3, 4], [2, 0]],
        [7, [3], [3, 3, 3, 3]],
        [8, [1, 2, 3], [2, 2, 2, 0, 7, 7, 7]],
        [10, [9, 8, 0], [9, 9, 0, 0, 5, 5, 5, 5, 5, 5, 5]],
        [4, [], [3, 3, 3, 3, 3, 3]],
        [100, rng.sample(range(100), 40), [rng.randrange(100) for _ in range(70)]],
        [100, [], [rng.choice([0, 50, 99]) for _ in range(100)]],
        [60, rng.sample(range(60), 10), [rng.randrange(60) for _ in range(60)]],
    ]


def valid(inp):
    n, taken, wishes = inp
    assert 1 <= n <= 100
    assert len(taken) <= n and len(set(taken)) == len(taken) and all(0 <= s < n for s in taken)
    assert 1 <= len(wishes) <= 100 and all(0 <= w < n for w in wishes)
