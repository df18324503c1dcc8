ID = "identifier-style-switch"
TITLE = "Identifier Style Switch"
PLATFORM = "codeforces"

BODY = r"""
A code formatter converts variable names between four naming styles. A name is a sequence of one or more words, where a word is a non-empty string of lowercase English letters. The four styles write the words w_1, w_2, ..., w_m as follows:

- snake: the words joined by '_' (for example max_item_count);
- kebab: the words joined by '-' (for example max-item-count);
- camel: w_1 unchanged, followed by every other word with its first letter made uppercase (for example maxItemCount);
- pascal: every word with its first letter made uppercase, joined together (for example MaxItemCount).

To split an identifier into words, read it in the style it is written in. In camel and pascal style, every uppercase letter starts a new word, so aBC consists of the words a, b, c and HTTPCode consists of the words h, t, t, p, code. A name made of a single lowercase word (such as count) is written the same way in snake, kebab and camel style.

An identifier is invalid if it is not written in any of the four styles. For example, max__count (an empty word), _max, max-, max_item-count (two different separators), Max_count and maxCount_x (uppercase letters together with a separator) are invalid.

You are given n requests. Each request consists of a target style and an identifier. For each request, print the identifier converted to the target style, or INVALID if the identifier is invalid.

Input

The first line contains one integer n (1 \le n \le 100).

Each of the next n lines contains a target style (one of snake, kebab, camel, pascal) and an identifier, separated by a space.

Output

For each request, print one line: the converted identifier or INVALID.

Constraints

- Every identifier has length between 1 and 30 and consists of English letters and the characters '_' and '-'.
"""

EXPLAIN = [
    "max_item_count consists of the words max, item, count. getURL consists of the words get, u, r, l. user-id is valid kebab style, and stays the same when converted to kebab style.",
    "",
]

REF = r"""
import sys

def split_words(s):
    has_us = "_" in s
    has_dash = "-" in s
    has_upper = any(c.isupper() for c in s)
    if has_us and has_dash:
        return None
    if has_us or has_dash:
        if has_upper:
            return None
        parts = s.split("_" if has_us else "-")
        if any(p == "" for p in parts):
            return None
        return parts
    words = []
    cur = ""
    for c in s:
        if c.isupper():
            if cur:
                words.append(cur)
            cur = c.lower()
        else:
            cur += c
    words.append(cur)
    return words

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    out = []
    for i in range(n):
        style, ident = data[1 + 2 * i], data[2 + 2 * i]
        w = split_words(ident)
        if w is None:
            out.append("INVALID")
        elif style == "snake":
            out.append("_".join(w))
        elif style == "kebab":
            out.append("-".join(w))
        elif style == "camel":
            out.append(w[0] + "".join(x.capitalize() for x in w[1:]))
        else:
            out.append("".join(x.capitalize() for x in w))
    print("\n".join(out))

main()
"""

BRUTE = r"""
import re
styles = {
    "snake": re.compile(r"[a-z]+(_[a-z]+)*"),
    "kebab": re.compile(r"[a-z]+(-[a-z]+)*"),
    "camel": re.compile(r"[a-z]+([A-Z][a-z]*)*"),
    "pascal": re.compile(r"([A-Z][a-z]*)+"),
}

def words_of(s):
    if styles["snake"].fullmatch(s):
        return s.split("_")
    if styles["kebab"].fullmatch(s):
        return s.split("-")
    if styles["camel"].fullmatch(s) or styles["pascal"].fullmatch(s):
        return [w.lower() for w in re.findall(r"[A-Z]?[a-z]*", s) if w]
    return None

def up(w):
    return w[0].upper() + w[1:]

n = int(input())
for _ in range(n):
    target, s = input().split()
    ws = words_of(s)
    if ws is None:
        print("INVALID")
    elif target == "snake":
        print("_".join(ws))
    elif target == "kebab":
        print("-".join(ws))
    elif target == "camel":
        print(ws[0] + "".join(up(w) for w in ws[1:]))
    else:
        print("".join(up(w) for w in ws))
"""

STYLES = ["snake", "kebab", "camel", "pascal"]
LOW = "abcdefghijklmnopqrstuvwxyz"


def write(words, style):
    if style == "snake":
        return "_".join(words)
    if style == "kebab":
        return "-".join(words)
    if style == "camel":
        return words[0] + "".join(w.capitalize() for w in words[1:])
    return "".join(w.capitalize() for w in words)


def ident(rng, letters=LOW):
    r = rng.random()
    if r < 0.6:
        words = ["".join(rng.choice(letters) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(1, 4))]
        return write(words, rng.choice(STYLES))
    if r < 0.8:
        # random garbage from the allowed characters
        pool = rng.choice(["aB_-", "ab_", "ab-", "aBc", "Ab_", "a-B"])
        return "".join(rng.choice(pool) for _ in range(rng.randint(1, 7)))
    return rng.choice(["a__b", "_a", "a_", "-a", "a-", "a_b-c", "A_b", "aB_c", "a-B", "_", "-", "A", "AB", "aBC",
                       "HTTPCode", "x", "X_", "a--b"])


def make(rng, n, letters=LOW):
    return f"{n}\n" + "".join(f"{rng.choice(STYLES)} {ident(rng, letters)}\n" for _ in range(n))


def small(rng):
    return make(rng, rng.randint(1, 6), "abc")


def public():
    return [
        "4\ncamel max_item_count\nsnake getURL\npascal user-id\nkebab user-id\n",
        "3\nsnake __init\ncamel OrderTotal\nkebab Total_price\n",
    ]


def private(rng):
    return [
        # single-word identifiers in every style
        "6\npascal count\ncamel Count\nsnake X\nkebab x\ncamel x\npascal Q\n",
        # empty words and stray separators
        "7\nsnake a__b\ncamel _a\npascal a_\nsnake -a\ncamel a-\nkebab a--b\nsnake _\n",
        # mixed separators / case with separators
        "6\ncamel a_b-c\nsnake Max_count\nkebab maxCount_x\npascal user-Id\nsnake -\ncamel ab_Cd\n",
        # runs of capitals split into one-letter words
        "5\nsnake HTTPCode\nkebab aBC\ncamel XMLHttpRequest\npascal aBC\nsnake ABC\n",
        # round trips
        "4\nsnake parseJsonFile\ncamel parse_json_file\npascal parse-json-file\nkebab ParseJsonFile\n",
        "1\nkebab ok\n",
        make(rng, 100),
        make(rng, 100, "ab"),
    ]


def valid(inp):
    import re
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    n = int(lines[0])
    assert 1 <= n <= 100 and len(lines) == n + 1
    for line in lines[1:]:
        style, s = line.split(" ")
        assert style in STYLES
        assert re.fullmatch(r"[A-Za-z_-]{1,30}", s), s
