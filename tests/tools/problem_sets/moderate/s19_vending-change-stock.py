ID = "vending-change-stock"
TITLE = "Vending Machine Change Stock"
PLATFORM = "codeforces"

BODY = r"""
A vending machine accepts coins of 10, 50, 100 and 500 yen. At the start it holds c_1 coins of 10 yen, c_2 coins of 50 yen, c_3 coins of 100 yen and c_4 coins of 500 yen.

Then n customers use the machine, one after another. Customer i inserts x_{i,1} coins of 10 yen, x_{i,2} coins of 50 yen, x_{i,3} coins of 100 yen and x_{i,4} coins of 500 yen, and chooses an item of price p_i. The machine handles the customer as follows:

1. The inserted coins are added to the machine's coins. Let s be the inserted amount.
2. If s < p_i, the purchase is refused.
3. Otherwise the machine must pay back the change s - p_i using its coins (the ones just inserted included). It does this greedily: for the coin values 500, 100, 50 and 10, in this order, it pays as many coins of that value as possible without the paid amount exceeding the change and without using more coins than it holds. If after the 10-yen coins the full change has been paid, the purchase succeeds. Otherwise the purchase is refused.
4. If the purchase is refused, the machine gives the customer back exactly the coins they inserted, and keeps no change paid in step 3: its coins are the same as before this customer.

For each customer, print the change they receive, or `REFUSED`. At the end, print the coins left in the machine.

Input

The first line contains five integers n, c_1, c_2, c_3, c_4.

Each of the next n lines contains five integers x_{i,1}, x_{i,2}, x_{i,3}, x_{i,4}, p_i.

Output

Print n + 1 lines. The i-th of the first n lines must contain the change paid to customer i (possibly 0) if the purchase succeeds, or `REFUSED` otherwise. The last line must contain four integers: the numbers of 10, 50, 100 and 500 yen coins in the machine at the end.

Constraints

- 1 \leq n \leq 100
- 0 \leq c_j \leq 100
- 0 \leq x_{i,j} \leq 20
- 10 \leq p_i \leq 5000, and p_i is a multiple of 10
- All input values are integers.
"""

EXPLAIN = [
    "Customer 1 pays 500 yen for an item of 120 yen; the change 380 yen is paid as three 100-yen coins, one 50-yen coin and three 10-yen coins. Customer 2 pays 150 yen for an item of 150 yen and gets no change. Customer 3 pays 100 yen for an item of 130 yen: refused.",
    "Customer 1 pays 100 yen for an item of 30 yen: the change is 70 yen, but after one 50-yen coin the machine has no 10-yen coins, so the purchase is refused. Customer 2 pays with two 10-yen coins and four 50-yen coins for an item of 150 yen; the change 70 yen is now paid with one 50-yen coin and two 10-yen coins.",
]

REF = r"""
import sys

def main():
    data = list(map(int, sys.stdin.read().split()))
    n = data[0]
    coins = data[1:5]          # counts of 10, 50, 100, 500
    values = [10, 50, 100, 500]
    pos = 5
    out = []
    for _ in range(n):
        x = data[pos:pos + 4]
        price = data[pos + 4]
        pos += 5
        paid = sum(v * c for v, c in zip(values, x))
        if paid < price:
            out.append("REFUSED")
            continue
        stock = [coins[j] + x[j] for j in range(4)]
        rest = paid - price
        for j in (3, 2, 1, 0):
            use = min(stock[j], rest // values[j])
            stock[j] -= use
            rest -= use * values[j]
        if rest != 0:
            out.append("REFUSED")
            continue
        coins = stock
        out.append(str(paid - price))
    out.append(" ".join(map(str, coins)))
    print("\n".join(out))

main()
"""

BRUTE = r"""
n, a, b, c, d = map(int, input().split())
machine = {10: a, 50: b, 100: c, 500: d}
for _ in range(n):
    k10, k50, k100, k500, price = map(int, input().split())
    inserted = {10: k10, 50: k50, 100: k100, 500: k500}
    before = dict(machine)
    total = 0
    for v in inserted:
        machine[v] += inserted[v]
        total += v * inserted[v]
    ok = total >= price
    if ok:
        change = total - price
        left = change
        # hand out one coin at a time: always the largest coin that still fits
        while left > 0:
            coin = None
            for v in (500, 100, 50, 10):
                if machine[v] > 0 and v <= left:
                    coin = v
                    break
            if coin is None:
                break
            machine[coin] -= 1
            left -= coin
        ok = left == 0
    if ok:
        print(change)
    else:
        machine = before
        print("REFUSED")
print(machine[10], machine[50], machine[100], machine[500])
"""


def fmt(c, cust):
    lines = [" ".join(map(str, [len(cust)] + list(c)))]
    lines += [" ".join(map(str, list(x) + [p])) for x, p in cust]
    return "\n".join(lines) + "\n"


def rand_customer(rng, scale):
    x = [rng.choice([0, 0, rng.randint(0, scale)]) for _ in range(4)]
    paid = 10 * x[0] + 50 * x[1] + 100 * x[2] + 500 * x[3]
    r = rng.random()
    if r < 0.2 or paid < 10:
        p = 10 * rng.randint(1, 30)
    elif r < 0.35:
        p = max(10, min(5000, paid))
    elif r < 0.45:
        p = max(10, min(5000, paid + 10))
    else:
        p = 10 * rng.randint(1, max(1, min(500, paid // 10)))
    return x, p


def small(rng):
    c = [rng.choice([0, 0, 1, 2, rng.randint(0, 5)]) for _ in range(4)]
    n = rng.randint(1, 6)
    return fmt(c, [rand_customer(rng, rng.choice([1, 2, 4])) for _ in range(n)])


def public():
    return [
        fmt([5, 1, 3, 0], [([0, 0, 0, 1], 120), ([0, 1, 1, 0], 150), ([0, 0, 1, 0], 130)]),
        fmt([0, 1, 0, 0], [([0, 0, 1, 0], 30), ([2, 4, 0, 0], 150)]),
    ]


def private(rng):
    return [
        # an empty machine; exact payment succeeds, any change fails
        fmt([0, 0, 0, 0], [([0, 0, 1, 0], 100), ([0, 0, 0, 1], 490), ([1, 0, 0, 0], 10)]),
        # inserting nothing
        fmt([3, 3, 3, 3], [([0, 0, 0, 0], 10)]),
        # the customer's own coins are used for their change
        fmt([0, 0, 0, 0], [([5, 0, 0, 1], 500), ([0, 2, 1, 0], 150)]),
        # greedy takes the 500 first; a refusal restores the machine completely
        fmt([0, 0, 0, 2], [([0, 0, 10, 0], 500), ([0, 0, 0, 1], 50), ([3, 0, 0, 1], 480), ([0, 0, 0, 1], 20)]),
        # paid amount equal to price minus 10
        fmt([100, 100, 100, 100], [([9, 1, 0, 0], 150), ([20, 20, 20, 20], 5000), ([0, 0, 0, 20], 5000)]),
        # change uses many coins of each kind
        fmt([100, 100, 100, 100], [([0, 0, 0, 20], 10) for _ in range(12)]),
        fmt([rng.randint(0, 5) for _ in range(4)], [rand_customer(rng, 3) for _ in range(100)]),
        fmt([rng.randint(0, 100) for _ in range(4)], [rand_customer(rng, 20) for _ in range(100)]),
        fmt([0, 0, 0, 0], [rand_customer(rng, 6) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == ""
    head = list(map(int, lines[0].split()))
    assert len(head) == 5
    n = head[0]
    assert 1 <= n <= 100 and all(0 <= c <= 100 for c in head[1:])
    assert len(lines) == n + 2
    for line in lines[1:n + 1]:
        v = list(map(int, line.split()))
        assert len(v) == 5
        assert all(0 <= x <= 20 for x in v[:4])
        assert 10 <= v[4] <= 5000 and v[4] % 10 == 0
