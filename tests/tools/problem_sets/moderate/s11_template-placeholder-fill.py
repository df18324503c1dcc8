ID = "template-placeholder-fill"
TITLE = "Template Placeholder Fill"
PLATFORM = "atcoder"

BODY = r"""
A mail-merge tool fills a template string T using N definitions. The i-th definition says that the key K_i has the value V_i. A key may be defined several times; then its last definition counts.

A placeholder is a substring of T made of the character {, then one or more lowercase English letters (the key), then the character }. For example, {name} is a placeholder with key name, but {}, {a1} and {x.y} are not placeholders.

The tool reads T from left to right, starting at the first character:

- If a placeholder starts at the current position, then: if its key is defined, the value of the key is written to the output; otherwise the placeholder is written unchanged. Reading continues right after the placeholder's }.
- Otherwise, the current character is written to the output, and reading continues at the next character.

Values written to the output are never read again: a value that contains a placeholder is written as it is.

Print the output, and the number of placeholders that were written unchanged because their key was not defined.

Input

The input is given from Standard Input in the following format:
T
N
K_1 V_1
K_2 V_2
\vdots
K_N V_N

Output

Print two lines. The first line must contain the output of the tool. The second line must contain the number of placeholders written unchanged.

Constraints

- 1 \leq |T| \leq 200
- T consists of lowercase English letters, digits, and the characters { } . , ! : - _.
- 0 \leq N \leq 50 (when N = 0, the input ends after the line containing N)
- Each K_i consists of 1 to 5 lowercase English letters.
- Each V_i has length 1 to 20 and consists of lowercase English letters, digits, and the characters { }.
"""

EXPLAIN = [
    "{name} becomes bob and {day} becomes monday. {time} has no definition, so it is written unchanged and counted.",
    "name is defined twice; its last value ann counts. The first { is not the start of a placeholder (it is followed by another {), so it is written as it is; the placeholder {name} right after it is replaced.",
]

REF = r"""
import sys

def main():
    lines = sys.stdin.read().split("\n")
    t = lines[0]
    n = int(lines[1])
    val = {}
    for i in range(n):
        k, v = lines[2 + i].split()
        val[k] = v
    out = []
    missing = 0
    i = 0
    while i < len(t):
        if t[i] == "{":
            j = i + 1
            while j < len(t) and "a" <= t[j] <= "z":
                j += 1
            if j > i + 1 and j < len(t) and t[j] == "}":
                key = t[i + 1:j]
                if key in val:
                    out.append(val[key])
                else:
                    out.append(t[i:j + 1])
                    missing += 1
                i = j + 1
                continue
        out.append(t[i])
        i += 1
    print("".join(out))
    print(missing)

main()
"""

BRUTE = r"""
import re
t = input().strip()
n = int(input())
defs = [input().split() for _ in range(n)]
count = [0]

def lookup(m):
    key = m.group(1)
    for k, v in reversed(defs):
        if k == key:
            return v
    count[0] += 1
    return m.group(0)

res = re.sub(r"\{([a-z]+)\}", lookup, t)
print(res)
print(count[0])
"""

LOW = "abcdefghijklmnopqrstuvwxyz"
TCH = LOW + "0123456789{}.,!:-_"


def make(rng, length, keys, ndefs, defkeys=None, vals=None):
    parts = []
    total = 0
    while total < length:
        r = rng.random()
        if r < 0.35:
            piece = "{" + rng.choice(keys) + "}"
        elif r < 0.5:
            piece = rng.choice(["{", "}", "{}", "{{", "}}", "{a1}", "{x.y}", "{" + rng.choice(keys)])
        else:
            piece = "".join(rng.choice(LOW + "0123456789.,!:-_") for _ in range(rng.randint(1, 4)))
        parts.append(piece)
        total += len(piece)
    t = "".join(parts)[:length]
    if defkeys is None:
        defkeys = keys
    if vals is None:
        vals = ["x", "42", "{a}", "{b}", "bob", "}{", "zz{zz"]
    lines = [t, str(ndefs)]
    for _ in range(ndefs):
        lines.append(f"{rng.choice(defkeys)} {rng.choice(vals)}")
    return "\n".join(lines) + "\n"


def small(rng):
    keys = rng.sample(["a", "b", "ab", "c"], rng.randint(1, 3))
    return make(rng, rng.randint(1, 14), keys, rng.randint(0, 4), defkeys=rng.sample(keys, rng.randint(1, len(keys))))


def public():
    return [
        "hi_{name},_see_you_on_{day}_at_{time}!\n2\nday monday\nname bob\n",
        "{{name}}:{}\n2\nname al\nname ann\n",
    ]


def private(rng):
    keys = ["user", "id", "city", "date", "x", "y", "zz"]
    return [
        # N = 0: every placeholder stays and is counted
        "{a}{b}-{a}\n0\n",
        # no placeholders at all; braces that do not form one
        "{}{1}{a-b}{{}}x{\n1\na v\n",
        # values containing placeholders are not expanded again
        "{a}{b}\n2\na {b}\nb {a}\n",
        # last definition wins; unclosed brace at the end
        "{k}.{k}.{kk\n3\nk one\nkk two\nk three\n",
        # nested-looking braces and adjacent placeholders
        "{{x}}{y}{x}}{{y\n2\nx 1\ny }{\n",
        # an undefined placeholder repeated, and a defined one
        "{who}_{who}_{me}\n1\nme i\n",
        make(rng, 200, keys, 50, defkeys=keys[:5]),
        make(rng, 200, keys, 3),
        make(rng, 200, ["a", "b"], 50, vals=["{a}", "{b}", "a", "b", "{{}}"]),
    ]


def valid(inp):
    import re
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    t = lines[0]
    assert 1 <= len(t) <= 200 and all(c in TCH for c in t)
    n = int(lines[1])
    assert 0 <= n <= 50 and len(lines) == n + 2
    for line in lines[2:]:
        k, v = line.split(" ")
        assert re.fullmatch(r"[a-z]{1,5}", k)
        assert re.fullmatch(r"[a-z0-9{}]{1,20}", v)
