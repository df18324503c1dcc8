ID = "grocery-receipt-lines"
TITLE = "Grocery Receipt Lines"
PLATFORM = "codeforces"

BODY = r"""
A cash register prints a receipt from n scanned lines. Each scanned line contains an item name, a quantity and a unit price. The receipt is produced as follows.

- The cost of a scanned line is its quantity times its unit price.
- Item names are compared ignoring case: Apple and APPLE are the same item, printed as apple (in lowercase). All scanned lines of the same item are merged: the item's quantity is the sum of their quantities and its amount is the sum of their costs.
- If the quantity of an item is at least 10, its amount is reduced by 10%. If the reduced amount is not a whole number of cents, it is rounded down to a whole number of cents.

A unit price is written as an integer part, optionally followed by a decimal point and one or two more digits. So 3 means 3.00, 3.5 means 3.50, and 3.05 means 3.05.

Input

The first line contains one integer n (1 \le n \le 100) — the number of scanned lines.

Each of the next n lines contains an item name, a quantity q and a unit price p, separated by single spaces.

Output

For every item, print one line with its name in lowercase and its amount, separated by a space. Print the items in decreasing order of amount; items with equal amounts are printed in increasing lexicographic order of their names.

Then print one more line: the word TOTAL, a space, and the sum of the amounts of all items.

Every amount must be printed with exactly two digits after the decimal point and without extra leading zeros (for example 0.05, 3.50, 12.00).

Constraints

- Every item name consists of 1 to 10 English letters.
- 1 \le q \le 100; q is an integer.
- 0.01 \le p \le 1000; p is written as described above, and its integer part has no leading zeros (it is 0 only when p < 1).
"""

EXPLAIN = [
    "Apple and apple are the same item: 3 \\times 0.50 + 2 \\times 1.00 = 3.50. bread costs 2.25 and milk costs 2 \\times 1.05 = 2.10. The total is 7.85.",
    "The pens cost 12 \\times 0.99 = 11.88; since 12 pens were bought, the amount is reduced by 10% to 10.692, rounded down to 10.69. The cap also has amount 10.69, and cap comes before pen.",
]

REF = r"""
import sys

def cents(p):
    if "." in p:
        a, b = p.split(".")
        b = (b + "0")[:2]
    else:
        a, b = p, "00"
    return int(a) * 100 + int(b)

def show(c):
    return "%d.%02d" % (c // 100, c % 100)

def main():
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    qty = {}
    amt = {}
    for i in range(1, n + 1):
        name, q, p = lines[i].split()
        name = name.lower()
        q = int(q)
        qty[name] = qty.get(name, 0) + q
        amt[name] = amt.get(name, 0) + q * cents(p)
    for name in amt:
        if qty[name] >= 10:
            amt[name] = amt[name] * 9 // 10
    for name in sorted(amt, key=lambda x: (-amt[x], x)):
        print(name, show(amt[name]))
    print("TOTAL", show(sum(amt.values())))

main()
"""

BRUTE = r"""
from fractions import Fraction
import math
n = int(input())
items = {}
for _ in range(n):
    name, q, p = input().split()
    key = name.lower()
    if key not in items:
        items[key] = [0, Fraction(0)]
    items[key][0] += int(q)
    items[key][1] += int(q) * Fraction(p)
rows = []
for key, (q, money) in items.items():
    if q >= 10:
        money = Fraction(math.floor(money * Fraction(9, 10) * 100), 100)
    rows.append((key, money))

def fmt(x):
    c = int(x * 100)
    s = str(c).rjust(3, "0")
    return s[:-2] + "." + s[-2:]

rows.sort(key=lambda r: r[0])
rows.sort(key=lambda r: r[1], reverse=True)
for key, money in rows:
    print(key, fmt(money))
print("TOTAL", fmt(sum(m for _, m in rows)))
"""

NAMES = ["apple", "bread", "milk", "egg", "tea", "rice", "pen", "cap", "soap", "ab", "a"]


def price(rng, big=False):
    r = rng.random()
    whole = rng.randint(0, 1000 if big else 12)
    if r < 0.3:
        whole = max(whole, 1)
        return str(whole)
    if r < 0.6:
        if whole == 1000:
            return "1000.0"
        d = rng.randint(0 if whole else 1, 9)
        return f"{whole}.{d}"
    if whole == 1000:
        return "1000.00"
    dd = rng.randint(0 if whole else 1, 99)
    return f"{whole}.{dd:02d}"


def casemix(rng, s):
    return "".join(c.upper() if rng.random() < 0.3 else c for c in s)


def make(rng, n, names, qmax, big=False):
    lines = [str(n)]
    for _ in range(n):
        lines.append(f"{casemix(rng, rng.choice(names))} {rng.randint(1, qmax)} {price(rng, big)}")
    return "\n".join(lines) + "\n"


def small(rng):
    return make(rng, rng.randint(1, 6), rng.sample(NAMES, rng.randint(1, 4)), rng.choice([3, 6, 12]))


def public():
    return [
        "4\nApple 3 0.5\nbread 1 2.25\napple 2 1\nMilk 2 1.05\n",
        "2\npen 12 0.99\ncap 1 10.69\n",
    ]


def private(rng):
    return [
        # one decimal digit means tenths; tiny prices; leading "0."
        "3\ngum 1 0.1\nmint 1 0.05\nTea 1 0.01\n",
        # quantity reaches 10 only after merging differently-cased lines
        "3\nEgg 6 0.25\negg 4 0.30\nEGG 1 1\n",
        # quantity 9 (no discount) vs 10 (discount), rounding down
        "2\nnine 9 1.11\nten 10 1.11\n",
        # equal amounts: lexicographic by lowercase name (prefixes)
        "4\nab 2 1.5\nA 1 3\nb 3 1\naa 1 3.00\n",
        # single line, large amounts
        "1\nTV 100 1000\n",
        "1\nx 1 7.7\n",
        make(rng, 100, NAMES, 100, big=True),
        make(rng, 100, NAMES[:4], 3),
        make(rng, 100, ["Ab", "aB", "b", "B", "c"], 20),
    ]


def valid(inp):
    import re
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 1
    for line in lines[1:]:
        name, q, p = line.split(" ")
        assert re.fullmatch(r"[A-Za-z]{1,10}", name)
        assert re.fullmatch(r"[1-9][0-9]*", q) and 1 <= int(q) <= 100
        assert re.fullmatch(r"(0|[1-9][0-9]*)(\.[0-9]{1,2})?", p), p
        v = float(p)
        assert 0.01 - 1e-9 <= v <= 1000 + 1e-9
