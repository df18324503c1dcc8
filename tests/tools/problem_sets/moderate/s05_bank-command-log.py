ID = "bank-command-log"
TITLE = "Bank Command Log"
PLATFORM = "atcoder"

BODY = r"""
A tiny bank processes N commands in the given order. Initially there are no accounts. Each command is one of the following; a command that breaks one of its conditions is rejected and changes nothing.

- open X: create an account named X with balance 0. Rejected if an account named X already exists.
- deposit X V: add V to the balance of X. Rejected if no account named X exists.
- withdraw X V: subtract V from the balance of X. Rejected if no account named X exists, or if its balance is less than V.
- transfer X Y V: move V from account X to account Y. Rejected if X or Y does not exist, if X and Y are the same account, or if the balance of X is less than V.
- close X: delete the account X. Rejected if no account named X exists, or if its balance is not 0. After an account is closed, the name X may be opened again (the new account starts with balance 0).

After all commands, report the number of rejected commands and the accounts that exist at the end.

Input

The input is given from Standard Input in the following format:
N
C_1
C_2
\vdots
C_N

Each C_i is one command in one of the forms above.

Output

On the first line, print the number of rejected commands.

Then, for each account that exists after all commands, print one line containing its name and its balance, separated by a space. Print the accounts in decreasing order of balance; accounts with equal balances are printed in increasing lexicographic order of their names. If no account exists at the end, print EMPTY on the second line instead.

Constraints

- 1 \leq N \leq 100
- Every account name consists of 1 to 5 lowercase English letters.
- Every V is an integer with 1 \leq V \leq 10^6.
"""

EXPLAIN = [
    "After the transfer, ann has 20 and bob has 30. The withdrawal of 100 from bob is rejected because bob has only 30, and the transfer to carol is rejected because carol has no account. dan has balance 0.",
    "deposit y 5 is rejected (no account y), close x is rejected (its balance is 5), and the second open x is rejected (x still exists).",
]

REF = r"""
import sys

def main():
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    bal = {}
    rejected = 0
    for i in range(1, n + 1):
        p = lines[i].split()
        op = p[0]
        ok = False
        if op == "open":
            if p[1] not in bal:
                bal[p[1]] = 0
                ok = True
        elif op == "deposit":
            if p[1] in bal:
                bal[p[1]] += int(p[2])
                ok = True
        elif op == "withdraw":
            v = int(p[2])
            if p[1] in bal and bal[p[1]] >= v:
                bal[p[1]] -= v
                ok = True
        elif op == "transfer":
            x, y, v = p[1], p[2], int(p[3])
            if x in bal and y in bal and x != y and bal[x] >= v:
                bal[x] -= v
                bal[y] += v
                ok = True
        elif op == "close":
            if p[1] in bal and bal[p[1]] == 0:
                del bal[p[1]]
                ok = True
        if not ok:
            rejected += 1
    print(rejected)
    if not bal:
        print("EMPTY")
        return
    for name, b in sorted(bal.items(), key=lambda kv: (-kv[1], kv[0])):
        print(name, b)

main()
"""

BRUTE = r"""
n = int(input())
accounts = []  # list of [name, balance]

def find(name):
    for acc in accounts:
        if acc[0] == name:
            return acc
    return None

bad = 0
for _ in range(n):
    cmd = input().split()
    kind = cmd[0]
    if kind == "open":
        if find(cmd[1]) is None:
            accounts.append([cmd[1], 0])
        else:
            bad += 1
    elif kind == "deposit":
        a = find(cmd[1])
        if a is None:
            bad += 1
        else:
            a[1] += int(cmd[2])
    elif kind == "withdraw":
        a = find(cmd[1])
        if a is None or a[1] < int(cmd[2]):
            bad += 1
        else:
            a[1] -= int(cmd[2])
    elif kind == "transfer":
        a, b, v = find(cmd[1]), find(cmd[2]), int(cmd[3])
        if a is None or b is None or cmd[1] == cmd[2] or a[1] < v:
            bad += 1
        else:
            a[1] -= v
            b[1] += v
    else:
        a = find(cmd[1])
        if a is None or a[1] != 0:
            bad += 1
        else:
            accounts.remove(a)
print(bad)
if not accounts:
    print("EMPTY")
else:
    rest = [a[:] for a in accounts]
    while rest:
        best = rest[0]
        for a in rest:
            if a[1] > best[1] or (a[1] == best[1] and a[0] < best[0]):
                best = a
        print(best[0], best[1])
        rest.remove(best)
"""


def command(rng, names, vmax):
    r = rng.random()
    x, y = rng.choice(names), rng.choice(names)
    v = rng.randint(1, vmax)
    if r < 0.25:
        return f"open {x}"
    if r < 0.5:
        return f"deposit {x} {v}"
    if r < 0.65:
        return f"withdraw {x} {v}"
    if r < 0.85:
        return f"transfer {x} {y} {v}"
    return f"close {x}"


def make(rng, n, names, vmax):
    return f"{n}\n" + "".join(command(rng, names, vmax) + "\n" for _ in range(n))


def small(rng):
    names = rng.sample(["a", "ab", "b", "bob", "z"], rng.randint(1, 3))
    return make(rng, rng.randint(1, 10), names, rng.choice([3, 10]))


def public():
    return [
        "7\nopen ann\nopen bob\ndeposit ann 50\ntransfer ann bob 30\nwithdraw bob 100\ntransfer bob carol 5\nopen dan\n",
        "5\nopen x\ndeposit y 5\ndeposit x 5\nclose x\nopen x\n",
    ]


def private(rng):
    return [
        # everything rejected: nothing opened
        "3\ndeposit amy 10\nwithdraw amy 1\nclose amy\n",
        # opened twice, self transfer, exact-balance withdrawal allowed
        "6\nopen amy\nopen amy\ndeposit amy 10\ntransfer amy amy 5\nwithdraw amy 10\nwithdraw amy 1\n",
        # close with money rejected, empty after all; reopen starts at 0
        "8\nopen kim\ndeposit kim 7\nclose kim\nwithdraw kim 7\nclose kim\nopen kim\nclose kim\ndeposit kim 3\n",
        # ties on balance ordered by name, prefix names
        "9\nopen ab\nopen a\nopen b\ndeposit a 5\ndeposit ab 5\ndeposit b 5\ntransfer a b 5\ntransfer b a 5\nopen c\n",
        # transfer with exact balance and to a closed account
        "7\nopen p\nopen q\ndeposit p 1000000\nclose q\ntransfer p q 1\ntransfer p p 1\nwithdraw p 1000000\n",
        "1\nopen solo\n",
        make(rng, 100, ["al", "bea", "cy", "dora", "ed", "fay"], 50),
        make(rng, 100, ["a", "b", "c"], 5),
        make(rng, 100, ["x", "xy", "xyz", "y", "yz", "z", "zz", "w"], 1000000),
    ]


def valid(inp):
    import re
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 1
    name = r"[a-z]{1,5}"
    num = r"[1-9][0-9]{0,6}"
    for line in lines[1:]:
        assert (re.fullmatch(rf"(open|close) {name}", line)
                or re.fullmatch(rf"(deposit|withdraw) {name} {num}", line)
                or re.fullmatch(rf"transfer {name} {name} {num}", line)), line
        for tok in line.split(" ")[1:]:
            if tok.isdigit():
                assert 1 <= int(tok) <= 10 ** 6
