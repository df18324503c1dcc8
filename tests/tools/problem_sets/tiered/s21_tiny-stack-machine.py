# Tier C: one known technique.
ID = "tiny-stack-machine"
TITLE = "Tiny Stack Machine"
PLATFORM = "atcoder"

BODY = r"""
A machine holds a stack of integers, which is empty at the start. It executes N commands C_1, C_2, \ldots, C_N in order. Each command is one of the following:

- PUSH x: put the integer x on top of the stack.
- POP: remove the top element.
- DUP: put a copy of the top element on top of the stack.
- SWAP: exchange the top two elements.
- ADD: remove the top element a, then remove the new top element b, and put b + a on top.
- SUB: remove the top element a, then remove the new top element b, and put b - a on top.

POP and DUP need at least one element on the stack; SWAP, ADD and SUB need at least two. If the i-th command needs more elements than the stack holds, the machine stops at once with an error, and the remaining commands are not executed.

Input

The input is given from Standard Input in the following format:
N
C_1
C_2
\vdots
C_N

Output

If the machine stopped with an error at the i-th command, print ERROR followed by a space and i. Otherwise print the elements of the final stack from the bottom to the top, separated by spaces, or EMPTY if the stack is empty.

Constraints

- 1 \leq N \leq 50
- Each C_i is one of the commands described above.
- In PUSH x, x is an integer with -100 \leq x \leq 100, written in decimal.
"""

EXPLAIN = [
    "The stack goes [5], [5 3], [3 5] after SWAP, [3 5 5] after DUP, [3 0] after SUB (5 - 5), and [3 0 -2].",
    "The stack holds only 7 when ADD is executed, so the machine stops at the 4th command.",
]

REF = r"""
n = int(input())
st = []
need = {"POP": 1, "DUP": 1, "SWAP": 2, "ADD": 2, "SUB": 2}
error = 0
for i in range(1, n + 1):
    parts = input().split()
    op = parts[0]
    if op == "PUSH":
        st.append(int(parts[1]))
        continue
    if len(st) < need[op]:
        error = i
        break
    if op == "POP":
        st.pop()
    elif op == "DUP":
        st.append(st[-1])
    elif op == "SWAP":
        st[-1], st[-2] = st[-2], st[-1]
    else:
        a = st.pop()
        b = st.pop()
        st.append(b + a if op == "ADD" else b - a)
if error:
    print("ERROR", error)
elif st:
    print(*st)
else:
    print("EMPTY")
"""

BRUTE = r"""
n = int(input())
cmds = [input().split() for _ in range(n)]
top_first = []
result = None
for i in range(n):
    c = cmds[i]
    if c[0] == "PUSH":
        top_first = [int(c[1])] + top_first
    elif c[0] in ("POP", "DUP") and len(top_first) >= 1:
        if c[0] == "POP":
            top_first = top_first[1:]
        else:
            top_first = [top_first[0]] + top_first
    elif c[0] in ("SWAP", "ADD", "SUB") and len(top_first) >= 2:
        a, b = top_first[0], top_first[1]
        rest = top_first[2:]
        if c[0] == "SWAP":
            top_first = [b, a] + rest
        elif c[0] == "ADD":
            top_first = [b + a] + rest
        else:
            top_first = [b - a] + rest
    else:
        result = "ERROR " + str(i + 1)
        break
if result is None:
    if len(top_first) == 0:
        result = "EMPTY"
    else:
        result = " ".join(str(v) for v in reversed(top_first))
print(result)
"""

OPS = ["POP", "DUP", "SWAP", "ADD", "SUB"]


def fmt(cmds):
    return f"{len(cmds)}\n" + "".join(c + "\n" for c in cmds)


def rand(rng, n, push_p, lo=-100, hi=100):
    return [f"PUSH {rng.randint(lo, hi)}" if rng.random() < push_p else rng.choice(OPS) for _ in range(n)]


def small(rng):
    return fmt(rand(rng, rng.randint(1, 8), rng.choice([0.3, 0.5, 0.7]), -3, 3))


def public():
    return [
        fmt(["PUSH 5", "PUSH 3", "SWAP", "DUP", "SUB", "PUSH -2"]),
        fmt(["PUSH 7", "DUP", "POP", "ADD", "PUSH 1"]),
    ]


def private(rng):
    return [
        fmt(["POP"]),
        fmt(["PUSH 0"]),
        fmt(["PUSH 4", "POP"]),
        fmt(["PUSH 1", "SWAP"]),
        fmt(["PUSH -100", "PUSH 100", "SUB", "DUP", "ADD"]),
        fmt(["PUSH 2"] + ["DUP", "ADD"] * 24 + ["DUP"]),
        fmt(["PUSH 9", "PUSH 8", "SUB", "POP", "DUP", "PUSH 1"]),
        fmt(rand(rng, 50, 0.6)),
        fmt(rand(rng, 50, 0.75)),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 50 and len(lines) == n + 1
    for c in lines[1:]:
        m = re.fullmatch(r"PUSH (-?(0|[1-9][0-9]*))|POP|DUP|SWAP|ADD|SUB", c)
        assert m and c != "PUSH -0"
        if c.startswith("PUSH"):
            assert -100 <= int(c[5:]) <= 100
