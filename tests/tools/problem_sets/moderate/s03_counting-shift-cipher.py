ID = "counting-shift-cipher"
TITLE = "Counting Shift Cipher"
PLATFORM = "atcoder"

BODY = r"""
A message M consists of uppercase and lowercase English letters, digits, and the symbols _ . ! ? -. It is encoded into a code C in three steps:

1. The letters of M are numbered 1, 2, 3, \ldots from left to right; only letters are numbered, other characters are skipped. The k-th letter is moved forward k places in the alphabet, wrapping around from z to a (from Z to A for an uppercase letter); its case does not change. For example, for k = 3 the letter y becomes b, and for k = 28 the letter A becomes C.
2. Every digit x is replaced by the digit 9 - x.
3. The whole string is reversed.

Symbols are not changed by steps 1 and 2 (they only move in step 3).

You are given the code C. Print the original message M.

Input

The input is given from Standard Input in the following format:
C

Output

Print the original message M.

Constraints

- 1 \leq |C| \leq 200
- C consists of uppercase and lowercase English letters, digits, and the characters _ . ! ? -.
"""

EXPLAIN = [
    "The message Hi_2you has the letters H, i, y, o, u numbered 1 to 5. Step 1 turns them into I, k, b, s, z, giving Ik_2bsz; step 2 turns the digit 2 into 7, giving Ik_7bsz; reversing gives zsb7_kI.",
    "The message is abc: a, b, c are moved forward by 1, 2, 3 places to b, d, f, and the reversed result is fdb.",
]

REF = r"""
def main():
    c = input().strip()
    m = c[::-1]
    out = []
    k = 0
    for ch in m:
        if ch.isalpha():
            k += 1
            base = ord("a") if ch.islower() else ord("A")
            out.append(chr((ord(ch) - base - k) % 26 + base))
        elif ch.isdigit():
            out.append(str(9 - int(ch)))
        else:
            out.append(ch)
    print("".join(out))

main()
"""

BRUTE = r"""
lower = "abcdefghijklmnopqrstuvwxyz"
upper = lower.upper()
digits = "0123456789"

def encode_char(ch, k):
    # the literal forward rule, one place at a time
    for alpha in (lower, upper):
        if ch in alpha:
            i = alpha.index(ch)
            for _ in range(k):
                i += 1
                if i == 26:
                    i = 0
            return alpha[i]
    if ch in digits:
        return digits[9 - digits.index(ch)]
    return ch

code = input().strip()
n = len(code)
result = ""
letters_before = 0
# the i-th character of M ends up at position n-1-i of C
for i in range(n):
    target = code[n - 1 - i]
    for cand in lower + upper + digits + "_.!?-":
        is_letter = cand in lower or cand in upper
        k = letters_before + 1 if is_letter else 0
        if encode_char(cand, k) == target and is_letter == (target in lower or target in upper):
            result += cand
            if is_letter:
                letters_before += 1
            break
print(result)
"""

SYMS = "_.!?-"
LOW = "abcdefghijklmnopqrstuvwxyz"
ALL = LOW + LOW.upper() + "0123456789" + SYMS


def encode(m):
    out = []
    k = 0
    for ch in m:
        if ch.isalpha():
            k += 1
            base = ord("a") if ch.islower() else ord("A")
            out.append(chr((ord(ch) - base + k) % 26 + base))
        elif ch.isdigit():
            out.append(str(9 - int(ch)))
        else:
            out.append(ch)
    return "".join(out)[::-1]


def small(rng):
    pool = rng.choice([ALL, "azAZ09_", "xyzXYZ", "0189-.", LOW, "zZ"])
    n = rng.randint(1, rng.choice([5, 40]))
    return encode("".join(rng.choice(pool) for _ in range(n))) + "\n"


def public():
    return ["zsb7_kI\n", "fdb\n"]


def private(rng):
    return [
        encode("z") + "\n",
        encode("2024-12-31!") + "\n",  # no letters at all
        encode("Zebra_Zone.Yak?") + "\n",  # uppercase wrap-around
        encode("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ") + "\n",  # k goes past 26
        encode("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz") + "\n",
        encode("Meet_at_9.30_at_Gate-B7!") + "\n",
        encode("".join(rng.choice(ALL) for _ in range(200))) + "\n",
        encode("".join(rng.choice(LOW + LOW.upper()) for _ in range(200))) + "\n",
        encode("".join(rng.choice("yzYZ0_9") for _ in range(150))) + "\n",
    ]


def valid(inp):
    assert inp.endswith("\n") and inp.count("\n") == 1
    c = inp[:-1]
    assert 1 <= len(c) <= 200
    assert all(ch in ALL for ch in c)
