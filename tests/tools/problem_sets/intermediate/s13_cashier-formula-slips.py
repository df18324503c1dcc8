ID = "cashier-formula-slips"
TITLE = "Cashier Formula Slips"
PLATFORM = "atcoder"

BODY = r"""
At a busy market the sellers do not tell the cashier their totals; instead each seller hands over a slip with a formula written on it, and the cashier has to work out its value. There are Q slips. The i-th slip carries the formula S_i.

A formula is built from non-negative integers, the operators +, - and *, and parentheses ( and ). More precisely, a formula is one of:

- a number: a non-negative integer written in decimal without leading zeros (0 itself is written as 0);
- X+Y, X-Y or X*Y, where X and Y are formulas;
- (X), where X is a formula.

There are no spaces and no unary minus signs. Formulas are evaluated with the usual rules: parts in parentheses are evaluated first, multiplication is done before addition and subtraction, and operators of the same level are applied from left to right (so 10-3-2 is 5 and 8-2+1 is 7).

For every slip, print the value of its formula. Values may be negative and may be very large.

Input

The input is given from Standard Input in the following format:
Q
S_1
S_2
\vdots
S_Q

Output

Print Q lines. The i-th line must contain the value of S_i.

Constraints

- 1 \leq Q \leq 1000
- S_i is a formula as defined above, of length between 1 and 200, inclusive.
- Every number in S_i is between 0 and 10^9, inclusive.
"""

EXPLAIN = [
    "In 2+3*4 the multiplication comes first: 2 + 12 = 14. The subtractions in 10-3-2 are done from left to right: (10 - 3) - 2 = 5. In the last slip, 1 - 5 \\times 2 = -9.",
    "",
]

REF = r"""
import sys

PREC = {"+": 1, "-": 1, "*": 2}

def apply(nums, op):
    b = nums.pop()
    a = nums.pop()
    if op == "+":
        nums.append(a + b)
    elif op == "-":
        nums.append(a - b)
    else:
        nums.append(a * b)

def evaluate(s):
    nums = []
    ops = []
    i = 0
    n = len(s)
    while i < n:
        ch = s[i]
        if ch.isdigit():
            j = i
            while j < n and s[j].isdigit():
                j += 1
            nums.append(int(s[i:j]))
            i = j
            continue
        if ch == "(":
            ops.append(ch)
        elif ch == ")":
            while ops[-1] != "(":
                apply(nums, ops.pop())
            ops.pop()
        else:
            # operators of the same or higher level on the stack are applied first (left to right)
            while ops and ops[-1] != "(" and PREC[ops[-1]] >= PREC[ch]:
                apply(nums, ops.pop())
            ops.append(ch)
        i += 1
    while ops:
        apply(nums, ops.pop())
    return nums[0]

def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    print("\n".join(str(evaluate(data[1 + i])) for i in range(q)))

main()
"""

BRUTE = r"""
q = int(input())
for _ in range(q):
    print(eval(input()))
"""


def number(rng, big):
    kind = rng.random()
    if kind < 0.15:
        return "0"
    if big and kind < 0.5:
        return str(rng.randint(10**8, 10**9))
    return str(rng.randint(1, rng.choice([9, 20, 1000])))


def expr(rng, budget, big, depth=0):
    """A random formula of roughly `budget` leaves."""
    if budget <= 1 or depth > 8:
        s = number(rng, big)
        if rng.random() < 0.1:
            s = "(" + s + ")"
        return s
    left = rng.randint(1, budget - 1)
    a = expr(rng, left, big, depth + 1)
    b = expr(rng, budget - left, big, depth + 1)
    s = a + rng.choice("+-*-+*-") + b
    if rng.random() < 0.3:
        s = "(" + s + ")"
    return s


def make(rng, maxleaves, big=False, limit=200):
    while True:
        s = expr(rng, rng.randint(1, maxleaves), big)
        if len(s) <= limit:
            return s


def fmt(exprs):
    return f"{len(exprs)}\n" + "".join(e + "\n" for e in exprs)


def small(rng):
    q = rng.randint(1, 5)
    return fmt([make(rng, rng.choice([1, 3, 6, 12]), rng.random() < 0.3) for _ in range(q)])


def public():
    return [
        fmt(["2+3*4", "10-3-2", "(2+3)*4", "1-5*2"]),
        fmt(["0", "8-2+1", "((7))", "100*(3-(4-1))-6*7"]),
    ]


def private(rng):
    nested = "(" * 99 + "5" + ")" * 99
    chain_sub = "-".join(["1000000000"] + ["999999999"] * 18)
    chain_mul = "*".join(["1000000000"] * 18 + ["99"])
    alt = "2*3-4*5+6*7-8*9+1-0*5"
    mixed = "(" * 30 + "*".join("9" for _ in range(10)) + ")-1" * 30
    many = [make(rng, 40, rng.random() < 0.5) for _ in range(1000)]
    longs = [make(rng, 80, True) for _ in range(200)]
    return [
        fmt(["1000000000"]),
        fmt([nested, "(((1)))-((2))", "0*0-0", "0-1000000000"]),
        fmt([chain_sub, chain_mul, alt, mixed]),
        fmt(["1-2-3-4-5-6-7-8-9-10", "1-(2-(3-(4-(5-6))))", "2*3*4-24", "12-3*4+0"]),
        fmt(["(1+2)*(3+4)*(5+6)", "7*(8-10)*(0+3)", "999999999*999999999-1000000000*1000000000"]),
        fmt(longs),
        fmt(many),
    ]


def valid(inp):
    lines = inp.split("\n")
    q = int(lines[0])
    assert 1 <= q <= 1000 and str(q) == lines[0]
    assert len(lines) == q + 2 and lines[-1] == ""

    def parse_expr(s, i):
        i = parse_term(s, i)
        while i < len(s) and s[i] in "+-":
            i = parse_term(s, i + 1)
        return i

    def parse_term(s, i):
        i = parse_factor(s, i)
        while i < len(s) and s[i] == "*":
            i = parse_factor(s, i + 1)
        return i

    def parse_factor(s, i):
        assert i < len(s)
        if s[i] == "(":
            i = parse_expr(s, i + 1)
            assert i < len(s) and s[i] == ")"
            return i + 1
        j = i
        while j < len(s) and s[j] in "0123456789":
            j += 1
        assert j > i
        tok = s[i:j]
        assert tok == "0" or tok[0] != "0"
        assert int(tok) <= 10**9
        return j

    for s in lines[1:q + 1]:
        assert 1 <= len(s) <= 200
        assert set(s) <= set("0123456789+-*()")
        assert parse_expr(s, 0) == len(s)
