ID = "planet-base-ledger"
TITLE = "Planet Base Ledger"
PLATFORM = "atcoder"

BODY = r"""
A space trading post deals with many planets, and every planet writes its numbers in its own base. A number written in base B uses the digits 0, 1, \ldots, 9 for the values 0 to 9 and then the uppercase letters A, B, \ldots, Z for the values 10 to 35; of course only the digits with a value less than B are allowed.

The clerk of the trading post receives Q requests. The j-th request consists of two bases P_j and R_j and a number X_j written in base P_j. Planet clerks are sloppy, so X_j may start with any number of extra zeros. For every request, write the same value in base R_j, without leading zeros. The value 0 is written as a single digit 0.

Input

The input is given from Standard Input in the following format:
Q
P_1 R_1 X_1
P_2 R_2 X_2
\vdots
P_Q R_Q X_Q

Output

Print Q lines. The j-th line must contain the value of X_j written in base R_j.

Constraints

- 1 \leq Q \leq 1000
- 2 \leq P_j \leq 36
- 2 \leq R_j \leq 36
- P_j and R_j are integers.
- X_j is a string of 1 to 100 characters, each of which is a digit 0-9 or an uppercase English letter A-Z whose value is less than P_j.
- The value of X_j is at most 10^{18}.
"""

EXPLAIN = [
    "FF in base 16 is 15 \\times 16 + 15 = 255, which is 11111111 in base 2. 35 in base 10 is written Z in base 36. The third request has extra leading zeros: 000101 in base 2 is 5, printed without any zeros in front.",
    "The value 0 is printed as 0, whatever the bases are.",
]

REF = r"""
import sys

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

def to_base(v, b):
    if v == 0:
        return "0"
    out = []
    while v > 0:
        v, d = divmod(v, b)
        out.append(DIGITS[d])
    return "".join(reversed(out))

def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    res = []
    for j in range(q):
        p, r, x = int(data[1 + 3 * j]), int(data[2 + 3 * j]), data[3 + 3 * j]
        res.append(to_base(int(x, p), r))
    print("\n".join(res))

main()
"""

BRUTE = r"""
q = int(input())
sym = [str(d) for d in range(10)] + [chr(ord("A") + i) for i in range(26)]
for _ in range(q):
    p, r, x = input().split()
    p, r = int(p), int(r)
    value = 0
    for ch in x:
        value = value * p + sym.index(ch)
    # count up from zero in base r, one step at a time
    digits = [0]
    for _ in range(value):
        i = len(digits) - 1
        while i >= 0 and digits[i] == r - 1:
            digits[i] = 0
            i -= 1
        if i < 0:
            digits.insert(0, 1)
        else:
            digits[i] += 1
    print("".join(sym[d] for d in digits))
"""

SYM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def write(v, b, zeros=0):
    out = []
    while v > 0:
        v, d = divmod(v, b)
        out.append(SYM[d])
    s = "".join(reversed(out)) or "0"
    return "0" * zeros + s


def fmt(reqs):
    return f"{len(reqs)}\n" + "".join(f"{p} {r} {x}\n" for p, r, x in reqs)


def small(rng):
    reqs = []
    for _ in range(rng.randint(1, 4)):
        p = rng.choice([2, 10, 16, 36, rng.randint(2, 36)])
        r = rng.choice([2, 10, 36, p, rng.randint(2, 36)])
        v = rng.choice([0, 1, rng.randint(0, 40), rng.randint(0, 2000)])
        reqs.append((p, r, write(v, p, rng.choice([0, 0, 1, 3]))))
    return fmt(reqs)


def public():
    return [
        fmt([(16, 2, "FF"), (10, 36, "35"), (2, 10, "000101")]),
        fmt([(7, 30, "000"), (36, 2, "0")]),
    ]


def private(rng):
    top = 10**18
    many = []
    for _ in range(1000):
        p, r = rng.randint(2, 36), rng.randint(2, 36)
        v = rng.choice([rng.randint(0, top), rng.randint(0, 10**6), 0, top, rng.randint(0, 35)])
        many.append((p, r, write(v, p, rng.choice([0, 0, 0, rng.randint(1, 5)]))))
    return [
        fmt([(10, 10, "0")]),
        fmt([(10, 10, "0000000042")]),
        fmt([(36, 36, "00ZZ"), (16, 16, "0A0")]),
        fmt([(10, 2, "1000000000000000000"), (10, 36, "1000000000000000000"), (10, 3, "1000000000000000000")]),
        fmt([(2, 36, write(top, 2)), (36, 10, write(top, 36)), (36, 2, write(top, 36, 100 - len(write(top, 36))))]),
        fmt([(p, r, write(p ** 3 - 1, p)) for p in range(2, 37) for r in (2, 36)]),
        fmt([(2, 10, "0" * 99 + "1"), (3, 3, "0" * 100), (35, 36, "Y"), (36, 35, "Z")]),
        fmt(many),
        fmt([(rng.randint(2, 36), rng.randint(2, 36), "0" * rng.randint(1, 100)) for _ in range(30)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    q = int(lines[0])
    assert 1 <= q <= 1000
    for line in lines[1:1 + q]:
        p, r, x = line.split(" ")
        p, r = int(p), int(r)
        assert 2 <= p <= 36 and 2 <= r <= 36
        assert 1 <= len(x) <= 100
        assert all(c in SYM[:p] for c in x)
        assert int(x, p) <= 10**18
    assert lines[1 + q:] == [""]
