ID = "rounded-amounts-with-separators"
TITLE = "Rounded Amounts With Separators"
FUNC = "formatAmounts"
SIGNATURE = "def formatAmounts(self, amounts: List[str], d: int) -> List[str]:"

BODY = r"""
Each string in amounts is a decimal number: an optional '-' sign, then one or more digits (leading zeros are allowed), optionally followed by a '.' and one or more digits.

Format every amount as follows and return the formatted strings in the same order:

1. Round the value to exactly d digits after the decimal point. A value exactly halfway between two candidates is rounded away from zero (with d = 0, 2.5 becomes 3 and -2.5 becomes -3).
2. Write the integer part of the rounded value without leading zeros (a single "0" if it is zero), putting a comma between every group of three digits counted from the right (1234567 is written "1,234,567").
3. If d > 0, append a '.' followed by exactly d digits (pad with zeros). If d = 0, write no decimal point.
4. Put a '-' in front if the rounded value is negative. A value that rounds to zero is written without a '-'.
"""

EXPLAIN = [
    "1234567.891 rounds to 1234567.89; 0.125 is exactly halfway between 0.12 and 0.13 and rounds away from zero to 0.13.",
    "999999.5 rounds up to 1000000; \"000012\" is 12; -3.14159 rounds to -3.",
]

CONSTRAINTS = r"""
1 <= amounts.length <= 100
1 <= amounts[i].length <= 20
amounts[i] has the form described above.
0 <= d <= 4
"""

REF = r"""
class Solution:
    def formatAmounts(self, amounts: List[str], d: int) -> List[str]:
        res = []
        for s in amounts:
            neg = s.startswith('-')
            if neg:
                s = s[1:]
            if '.' in s:
                ip, fp = s.split('.')
            else:
                ip, fp = s, ''
            padded = fp + '0' * (d + 1)
            val = int(ip + padded[:d])          # |value| * 10^d, truncated
            if padded[d] >= '5':                # first dropped digit decides
                val += 1
            whole, frac = divmod(val, 10 ** d)
            text = f"{whole:,}"
            if d > 0:
                text += '.' + str(frac).zfill(d)
            if neg and val > 0:
                text = '-' + text
            res.append(text)
        return res
"""

BRUTE = r"""
from decimal import Decimal, ROUND_HALF_UP
class Solution:
    def formatAmounts(self, amounts: List[str], d: int) -> List[str]:
        out = []
        for s in amounts:
            q = Decimal(s).quantize(Decimal(1).scaleb(-d), rounding=ROUND_HALF_UP)
            neg = q < 0
            q = abs(q)
            digits = str(q)
            if '.' in digits:
                ip, fp = digits.split('.')
            else:
                ip, fp = digits, ''
            groups = []
            while len(ip) > 3:
                groups.append(ip[-3:])
                ip = ip[:-3]
            groups.append(ip)
            text = ','.join(reversed(groups))
            if d > 0:
                text += '.' + fp
            out.append(('-' if neg else '') + text)
        return out
"""


def amount(rng, maxlen=20):
    r = rng.random()
    sign = "-" if rng.random() < 0.4 else ""
    if r < 0.25:
        ip = "".join(rng.choice("09") for _ in range(rng.randint(1, 5)))
    elif r < 0.4:
        ip = "0" * rng.randint(1, 3)
    else:
        ip = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 9)))
    s = sign + ip
    if rng.random() < 0.7:
        fp = "".join(rng.choice("0123456789" if rng.random() < 0.5 else "4599") for _ in range(rng.randint(1, 6)))
        s += "." + fp
    return s[:maxlen] if not s[:maxlen].endswith(".") else s[:maxlen - 1]


def small(rng):
    return [[amount(rng) for _ in range(rng.randint(1, 5))], rng.randint(0, 4)]


def public():
    return [[["1234567.891", "-1234.5", "7", "0.125"], 2], [["999999.5", "000012", "-3.14159"], 0]]


def private(rng):
    return [
        [["-0.004", "-0.005", "0.004", "-0.0", "-000", "0"], 2],
        [["-0.5", "-0.4", "0.5", "2.5", "-2.5", "-1.49"], 0],
        [["999.995", "-999.995", "99999.9999", "9.9995"], 2],
        [["1.5", "12", "123.4", "1234.56789", "0.00005", "00000000000000001234"], 4],
        [["123", "1234", "-123", "-1234", "123456", "1234567"], 0],
        [["99999999999999999999", "-9999999999999999.99", "12345678901234567890"], 1],
        [["0.0", "-0.1", "3.14159", "2.71828"], 3],
        [[amount(rng) for _ in range(100)], 2],
        [[amount(rng) for _ in range(100)], rng.randint(0, 4)],
    ]


def valid(inp):
    import re
    amounts, d = inp
    assert 1 <= len(amounts) <= 100
    for s in amounts:
        assert isinstance(s, str) and 1 <= len(s) <= 20
        assert re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", s)
    assert isinstance(d, int) and 0 <= d <= 4
