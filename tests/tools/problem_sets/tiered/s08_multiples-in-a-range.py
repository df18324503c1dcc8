# Tier A: one twist.
ID = "multiples-in-a-range"
TITLE = "Multiples in a Range"
PLATFORM = "atcoder"

BODY = r"""
You are given integers A, B and K.

Print every integer x with A \leq x \leq B that is a multiple of K, in increasing order. If there is no such integer, print NONE.

Input

The input is given from Standard Input in the following format:
A B K

Output

Print the multiples of K between A and B (both included) on one line, in increasing order, separated by single spaces. If there is none, print NONE.

Constraints

- 1 \leq A \leq B \leq 1000
- 1 \leq K \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The multiples of 4 between 10 and 25 are 12, 16, 20 and 24.",
    "The only multiples of 10 near the range are 10 and 20, and neither lies between 11 and 19.",
]

REF = r"""
a, b, k = map(int, input().split())
start = (a + k - 1) // k * k
xs = list(range(start, b + 1, k))
print(" ".join(map(str, xs)) if xs else "NONE")
"""

BRUTE = r"""
a, b, k = map(int, input().split())
xs = []
x = a
while x <= b:
    if x % k == 0:
        xs.append(str(x))
    x += 1
if xs:
    print(" ".join(xs))
else:
    print("NONE")
"""


def small(rng):
    a = rng.randint(1, 40)
    b = rng.randint(a, 50)
    return f"{a} {b} {rng.randint(1, 20)}\n"


def public():
    return ["10 25 4\n", "11 19 10\n"]


def private(rng):
    return [
        "1 1 1\n",
        "1 1 2\n",
        "7 7 7\n",
        "1 1000 1000\n",
        "1 999 1000\n",
        "12 24 12\n",
        "1 1000 37\n",
        f"{rng.randint(100, 300)} {rng.randint(600, 1000)} {rng.randint(5, 30)}\n",
    ]


def valid(inp):
    parts = inp[:-1].split(" ")
    assert len(parts) == 3 and "\n" not in inp[:-1]
    a, b, k = map(int, parts)
    assert 1 <= a <= b <= 1000 and 1 <= k <= 1000
