ID = "five-bit-hex-packing"
TITLE = "Five-Bit Hex Packing"
PLATFORM = "codeforces"

BODY = r"""
A radio beacon sends short messages made of uppercase English letters and the character '_'. To save space, a message is packed as follows:

1. Every character gets a code: A is 0, B is 1, ..., Z is 25, and '_' is 26.
2. Every code is written as a binary number with exactly 5 digits, using leading zeros (for example, C has code 2 and is written 00010).
3. These 5-digit binary numbers are concatenated in the order of the characters, forming one bit string.
4. If the length of the bit string is not a multiple of 8, zeros are appended at its end until it is.
5. The bit string is cut into groups of 8 bits, from left to right. Each group, read as a binary number, is written as a hexadecimal number with exactly 2 digits (using leading zeros and the uppercase digits A to F).

The packed message is the concatenation of these 2-digit hexadecimal numbers. Print the packed message for the given message s.

Input

The only line contains the string s (1 \le |s| \le 100), consisting of uppercase English letters and the character '_'.

Output

Print the packed message in one line.

Constraints

- 1 \le |s| \le 100
- s consists of uppercase English letters and '_'.
"""

EXPLAIN = [
    "H has code 7 (00111) and I has code 8 (01000). The bit string 0011101000 has 10 bits, so 6 zeros are appended: 0011101000000000. Its two groups 00111010 and 00000000 are 3A and 00.",
    "The bit string is 00010 00000 10011 11010 (20 bits); 4 zeros are appended, and the groups 00010000, 00100111, 10100000 give 10, 27 and A0.",
]

REF = r"""
def main():
    s = input().strip()
    bits = []
    for ch in s:
        code = 26 if ch == "_" else ord(ch) - ord("A")
        bits.append(format(code, "05b"))
    b = "".join(bits)
    while len(b) % 8 != 0:
        b += "0"
    out = []
    for i in range(0, len(b), 8):
        out.append("%02X" % int(b[i:i + 8], 2))
    print("".join(out))

main()
"""

BRUTE = r"""
alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ_"
s = input().strip()
value = 0
for ch in s:
    value = value * 32 + alphabet.index(ch)
nbits = 5 * len(s)
pad = 0
while (nbits + pad) % 8:
    pad += 1
value = value * (2 ** pad)
nbytes = (nbits + pad) // 8
digits = "0123456789ABCDEF"
res = ""
for _ in range(2 * nbytes):
    res = digits[value % 16] + res
    value //= 16
print(res)
"""

ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ_"


def small(rng):
    pool = rng.choice([ALPHA, "A_", "AZ", "A", "_"])
    return "".join(rng.choice(pool) for _ in range(rng.randint(1, 17))) + "\n"


def public():
    return ["HI\n", "CAT_\n"]


def private(rng):
    return [
        "A\n",  # all-zero single byte
        "_\n",
        "AAAAAAAA\n",  # 40 bits: no padding, all zero bytes
        "HELLO_WORLD_FROM_THE_BEACON\n",
        "ZZZZZZZZZZZZZZZZ\n",  # 80 bits, no padding
        "BAAAAAAAA\n",  # leading zero bytes and a nonzero start
        "".join(rng.choice(ALPHA) for _ in range(100)) + "\n",
        "".join(rng.choice(ALPHA) for _ in range(99)) + "\n",
        "".join(rng.choice("AB_") for _ in range(57)) + "\n",
    ]


def valid(inp):
    assert inp.endswith("\n") and inp.count("\n") == 1
    s = inp[:-1]
    assert 1 <= len(s) <= 100 and all(ch in ALPHA for ch in s)
