ID = "base-with-most-copies"
TITLE = "Base With the Most Copies of a Digit"
FUNC = "bestBase"
SIGNATURE = "def bestBase(self, n: int, c: str) -> str:"

BODY = r"""
In base b (2 <= b <= 36) the digits are '0'-'9' for the values 0 to 9 and the uppercase letters 'A'-'Z' for the values 10 to 35. A number is written in base b without leading zeros; the number 0 is written "0" in every base.

You are given a non-negative integer n and a digit character c. Consider only the bases b with 2 <= b <= 36 in which c is a digit, that is, the value of c is less than b. For each such base, write n in base b and count how many times c occurs in that representation.

Pick the base with the largest count; if several bases have the same largest count, pick the smallest of them. Return the representation of n in the picked base, followed by '_' and the base in decimal (for example "1011_2"). If c does not occur in the representation of n in any of the considered bases, return "NONE".
"""

EXPLAIN = [
    "100 is 1100100 in base 2, with three 1s. No other base gives more than two 1s (for example 10201 in base 3 and 121 in base 9).",
    "'F' is a digit only in bases 16 to 36. 255 is FF in base 16 (two Fs); every other base where F is a digit gives at most one F (for example F0 in base 17, CF in base 20).",
]

CONSTRAINTS = r"""
0 <= n <= 10^9
c is a decimal digit or an uppercase English letter.
"""

REF = r"""
class Solution:
    def bestBase(self, n: int, c: str) -> str:
        alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        cv = alphabet.index(c)
        best_count, best_text = 0, "NONE"
        for b in range(max(2, cv + 1), 37):
            if n == 0:
                rep = "0"
            else:
                chars = []
                m = n
                while m > 0:
                    m, r = divmod(m, b)
                    chars.append(alphabet[r])
                rep = "".join(reversed(chars))
            cnt = rep.count(c)
            if cnt > best_count:
                best_count, best_text = cnt, rep + "_" + str(b)
        return best_text
"""

BRUTE = r"""
class Solution:
    def bestBase(self, n: int, c: str) -> str:
        def value(ch):
            if ch.isdigit():
                return ord(ch) - ord('0')
            return ord(ch) - ord('A') + 10

        def digit(v):
            return chr(ord('0') + v) if v < 10 else chr(ord('A') + v - 10)

        def write(x, b):
            # highest power first
            p = 1
            while p * b <= x:
                p *= b
            out = ""
            while p >= 1:
                out += digit(x // p)
                x %= p
                p //= b
            return out

        candidates = []
        for b in range(2, 37):
            if value(c) >= b:
                continue
            rep = write(n, b)
            cnt = sum(1 for ch in rep if ch == c)
            candidates.append((-cnt, b, rep))
        candidates.sort()
        cnt, b, rep = candidates[0]
        if cnt == 0:
            return "NONE"
        return rep + "_" + str(b)
"""

ALPH = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def small(rng):
    r = rng.random()
    if r < 0.1:
        n = 0
    elif r < 0.5:
        n = rng.randint(1, 100)
    elif r < 0.8:
        n = rng.randint(1, 10**5)
    else:
        n = rng.randint(1, 10**9)
    c = rng.choice("0123" if rng.random() < 0.5 else ALPH)
    return [n, c]


def public():
    return [[100, "1"], [255, "F"]]


def private(rng):
    return [
        [0, "0"],          # "0" in base 2
        [0, "7"],          # NONE
        [34, "Z"],         # NONE
        [1000000000, "0"],
        [10, "1"],         # ties between bases: 1010_2, 101_3
        [1295, "Z"],       # ZZ_36
        [999999999, "9"],
        [254008249, "7"],  # three 7s in bases 8, 9 and 18
        [rng.randint(1, 10**9), rng.choice(ALPH[:10])],
        [rng.randint(1, 10**9), rng.choice(ALPH[10:])],
    ]


def valid(inp):
    n, c = inp
    assert isinstance(n, int) and 0 <= n <= 10**9
    assert isinstance(c, str) and len(c) == 1 and c in ALPH
