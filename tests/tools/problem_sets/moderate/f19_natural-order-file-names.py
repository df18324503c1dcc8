ID = "natural-order-file-names"
TITLE = "Natural Order File Names"
FUNC = "naturalSort"
SIGNATURE = "def naturalSort(self, names: List[str]) -> List[str]:"

BODY = r"""
Sort a list of file names in "natural" order and return the sorted list (keep duplicates).

Split every name into chunks: each maximal run of consecutive digits is a number chunk, and each maximal run of consecutive non-digit characters is a text chunk. For example "img-012b.png" splits into "img-", "012", "b.png".

To compare two names, compare their chunks pairwise from the left; the first pair that differs decides:

1. Two number chunks are compared by their numeric value ("9" comes before "10"; "007" and "7" are equal here).
2. Two text chunks are compared case-insensitively: convert uppercase letters to lowercase, then compare character by character by character code; if one is a prefix of the other, the shorter one comes first.
3. A number chunk comes before a text chunk.
4. If all chunks of one name are equal to the corresponding first chunks of the other, the name with fewer chunks comes first.

If two different names are equal under rules 1-4 (for example "a7" and "A07"), the one that is smaller in ordinary string comparison (by character codes, 'A' = 65 < 'a' = 97, '0' < '1' < ... < '9') comes first.
"""

EXPLAIN = [
    "The numbers 1, 2, 10, 12 decide the order; \"IMG\" and \"img\" are equal text chunks.",
    "\"9\" and \"10x\" start with number chunks, so they come first, 9 before 10. \"x\" is a prefix of \"x-\", so \"x\" comes before \"x-9\" and \"x-10\".",
]

CONSTRAINTS = r"""
1 <= names.length <= 100
1 <= names[i].length <= 20
names[i] consists of English letters, digits, '.', '-' and '_'.
"""

REF = r"""
class Solution:
    def naturalSort(self, names: List[str]) -> List[str]:
        def key(name):
            chunks = []
            i = 0
            while i < len(name):
                j = i
                isnum = name[i].isdigit()
                while j < len(name) and name[j].isdigit() == isnum:
                    j += 1
                part = name[i:j]
                chunks.append((0, int(part), '') if isnum else (1, 0, part.lower()))
                i = j
            return (chunks, name)
        return sorted(names, key=key)
"""

BRUTE = r"""
from functools import cmp_to_key
class Solution:
    def naturalSort(self, names: List[str]) -> List[str]:
        def split(s):
            parts = []
            for ch in s:
                if parts and parts[-1][0].isdigit() == ch.isdigit():
                    parts[-1] += ch
                else:
                    parts.append(ch)
            return parts

        def cmp_num(a, b):
            a = a.lstrip('0') or '0'
            b = b.lstrip('0') or '0'
            if len(a) != len(b):
                return -1 if len(a) < len(b) else 1
            return (a > b) - (a < b)

        def cmp_text(a, b):
            a = ''.join(chr(ord(c) + 32) if 'A' <= c <= 'Z' else c for c in a)
            b = ''.join(chr(ord(c) + 32) if 'A' <= c <= 'Z' else c for c in b)
            return (a > b) - (a < b)

        def cmp(x, y):
            px, py = split(x), split(y)
            for a, b in zip(px, py):
                da, db = a[0].isdigit(), b[0].isdigit()
                if da and db:
                    c = cmp_num(a, b)
                elif not da and not db:
                    c = cmp_text(a, b)
                else:
                    c = -1 if da else 1
                if c != 0:
                    return c
            if len(px) != len(py):
                return -1 if len(px) < len(py) else 1
            return (x > y) - (x < y)

        return sorted(names, key=cmp_to_key(cmp))
"""


def rand_name(rng, maxlen=20):
    out = ""
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.5:
            out += "".join(rng.choice("0012789") for _ in range(rng.randint(1, 3)))
        else:
            out += "".join(rng.choice("aAbB.-_zZ") for _ in range(rng.randint(1, 3)))
    return out[:maxlen]


def small(rng):
    base = [rand_name(rng) for _ in range(rng.randint(1, 4))]
    names = []
    for _ in range(rng.randint(1, 7)):
        s = rng.choice(base)
        r = rng.random()
        if r < 0.3:
            s = s.swapcase()
        elif r < 0.5:
            s = s.replace("1", "01", 1)
        elif r < 0.6:
            s = s + rng.choice(["1", "a", "_"])
        names.append(s[:20])
    return [names]


def public():
    return [[["img12.png", "img10.png", "IMG2.png", "img1.png"]], [["x-10", "x-9", "x", "10x", "9"]]]


def private(rng):
    return [
        [["a1", "a01", "A1", "a001", "A01"]],                    # equal under the rules: string order
        [["File1.txt", "file1.txt", "FILE1.TXT", "file1.TXT"]],
        [["a", "a1", "a_", "a1b", "a1B", "ab"]],                 # number before text, prefix rule
        [["v2.10", "v2.9", "v2.09", "v10.1", "v1.100", "V2.1"]],
        [["9999999999999999999", "10000000000000000000", "1e", "0", "00", "00000000000000000009"]],
        [["Z", "z", "_", "-", ".", "A", "a", "b_", "B."]],
        [["same", "same", "same"]],
        [["chapter7"]],
        [[rand_name(rng) for _ in range(100)]],
        [["track" + str(rng.randint(0, 120)).zfill(rng.randint(1, 4)) + rng.choice(["", ".mp3", ".MP3", "b"]) for _ in range(60)]],
    ]


def valid(inp):
    import re
    (names,) = inp
    assert 1 <= len(names) <= 100
    for s in names:
        assert isinstance(s, str) and 1 <= len(s) <= 20
        assert re.fullmatch(r"[A-Za-z0-9._-]+", s)
