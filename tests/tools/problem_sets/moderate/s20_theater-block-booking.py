ID = "theater-block-booking"
TITLE = "Theater Block Booking"
PLATFORM = "atcoder"

BODY = r"""
A small theater has R rows of S seats. Rows are numbered 1 to R from the front, and the seats of each row are numbered 1 to S from the left. At the start every seat is free.

Process Q queries in order. There are two kinds:

- `B k`: a booking of k adjacent seats in one row. The bookings are numbered 1, 2, 3, ... in the order they appear among the queries, **failed bookings included**. Look for the row with the smallest number that contains k consecutive free seats; in that row, take the k consecutive free seats that start at the smallest seat number. Mark them as taken and print the row number and the first seat number on one line, separated by a space. If no row contains k consecutive free seats (in particular, if k > S), the booking fails: print `-1`.
- `C x`: cancel booking x. If booking x succeeded and has not been cancelled yet, its seats become free again; print the number of seats freed. Otherwise (booking x failed, or was already cancelled), nothing happens: print `0`.

Input

The input is given from Standard Input in the following format:
R S Q
query_1
query_2
\vdots
query_Q

Each query is in one of the two formats described above.

Output

Print Q lines, one per query, as described above.

Constraints

- 1 \leq R, S \leq 50
- 1 \leq Q \leq 200
- 1 \leq k \leq 100
- In a query `C x`, x is an integer with 1 \leq x \leq (the number of `B` queries before this query).
- All input values are integers.
"""

EXPLAIN = [
    "Booking 1 takes seats 1-3 of row 1 and booking 2 seats 4-5. Booking 3 needs 2 seats; row 1 has none left, so it takes seats 1-2 of row 2. Cancelling booking 1 frees 3 seats, and booking 4 then takes seats 1-2 of row 1.",
    "Booking 1 fails because a row has only 3 seats. Booking 2 takes row 1. Cancelling booking 1 does nothing, cancelling booking 2 frees 3 seats, and cancelling it again does nothing.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    r, s, q = int(data[0]), int(data[1]), int(data[2])
    taken = [[False] * s for _ in range(r)]
    bookings = []  # (row, first seat, k) or None
    out = []
    pos = 3
    for _ in range(q):
        kind, v = data[pos], int(data[pos + 1])
        pos += 2
        if kind == "B":
            found = None
            for row in range(r):
                run = 0
                for seat in range(s):
                    if taken[row][seat]:
                        run = 0
                    else:
                        run += 1
                        if run == v:
                            found = (row, seat - v + 1)
                            break
                if found:
                    break
            if found is None:
                bookings.append(None)
                out.append("-1")
            else:
                row, first = found
                for seat in range(first, first + v):
                    taken[row][seat] = True
                bookings.append((row, first, v))
                out.append("%d %d" % (row + 1, first + 1))
        else:
            b = bookings[v - 1]
            if b is None:
                out.append("0")
            else:
                row, first, k = b
                for seat in range(first, first + k):
                    taken[row][seat] = False
                bookings[v - 1] = None
                out.append(str(k))
    print("\n".join(out))

main()
"""

BRUTE = r"""
R, S, Q = map(int, input().split())
rows = ["." * S for _ in range(R)]
log = []
for _ in range(Q):
    kind, val = input().split()
    val = int(val)
    if kind == "B":
        answer = "-1"
        where = None
        for i in range(R):
            j = rows[i].find("." * val)
            if j != -1:
                where = (i, j)
                break
        if where is not None:
            i, j = where
            rows[i] = rows[i][:j] + "#" * val + rows[i][j + val:]
            answer = str(i + 1) + " " + str(j + 1)
        log.append({"where": where, "size": val, "active": where is not None})
        print(answer)
    else:
        entry = log[val - 1]
        if entry["active"]:
            i, j = entry["where"]
            rows[i] = rows[i][:j] + "." * entry["size"] + rows[i][j + entry["size"]:]
            entry["active"] = False
            print(entry["size"])
        else:
            print(0)
"""


def fmt(r, s, qs):
    return f"{r} {s} {len(qs)}\n" + "".join(f"{a} {b}\n" for a, b in qs)


def rand_queries(rng, r, s, q, kmax):
    qs = []
    nb = 0
    for _ in range(q):
        if nb > 0 and rng.random() < 0.35:
            qs.append(("C", rng.randint(1, nb)))
        else:
            if rng.random() < 0.7:
                k = rng.randint(1, min(100, kmax))
            else:
                k = rng.choice([rng.randint(1, s), s, s + 1])
            qs.append(("B", min(100, k)))
            nb += 1
    return qs


def small(rng):
    r, s = rng.randint(1, 3), rng.randint(1, 6)
    return fmt(r, s, rand_queries(rng, r, s, rng.randint(1, 10), s + 2))


def public():
    return [
        fmt(2, 5, [("B", 3), ("B", 2), ("B", 2), ("C", 1), ("B", 2)]),
        fmt(2, 3, [("B", 4), ("B", 3), ("C", 1), ("C", 2), ("C", 2)]),
    ]


def private(rng):
    return [
        # k = S fills a row exactly; k larger than any row fails
        fmt(1, 4, [("B", 4), ("B", 1), ("C", 1), ("B", 1), ("B", 5), ("B", 100)]),
        # a hole left by a cancellation is reused only if it is long enough
        fmt(1, 10, [("B", 3), ("B", 3), ("B", 3), ("C", 2), ("B", 4), ("B", 3), ("C", 2), ("C", 5)]),
        # two separate holes that are together long enough do not count
        fmt(2, 6, [("B", 2), ("B", 2), ("B", 2), ("C", 1), ("C", 3), ("B", 3), ("B", 4), ("B", 2), ("B", 2)]),
        # a smaller row number wins over a better-fitting later row
        fmt(3, 5, [("B", 4), ("B", 5), ("B", 2), ("C", 2), ("B", 1), ("B", 1), ("C", 3), ("B", 3)]),
        # cancelling failed and already cancelled bookings
        fmt(1, 1, [("B", 2), ("C", 1), ("B", 1), ("B", 1), ("C", 3), ("C", 2), ("C", 3), ("B", 1), ("C", 3)]),
        fmt(50, 50, rand_queries(rng, 50, 50, 200, 30)),
        fmt(3, 20, rand_queries(rng, 3, 20, 200, 8)),
        fmt(50, 1, rand_queries(rng, 50, 1, 200, 2)),
        fmt(7, 9, rand_queries(rng, 7, 9, 200, 10)),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == ""
    r, s, q = map(int, lines[0].split())
    assert 1 <= r <= 50 and 1 <= s <= 50 and 1 <= q <= 200 and len(lines) == q + 2
    nb = 0
    for line in lines[1:q + 1]:
        kind, v = line.split()
        v = int(v)
        if kind == "B":
            assert 1 <= v <= 100
            nb += 1
        else:
            assert kind == "C" and 1 <= v <= nb
