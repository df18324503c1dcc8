ID = "twin-cipher-words"
TITLE = "Twin Cipher Words"
FUNC = "countTwinPairs"
SIGNATURE = "def countTwinPairs(self, words: List[str]) -> int:"

BODY = r"""
A spy disguises a code word with any sequence of the following two moves, each applied any number of times (possibly zero) and in any order:

- Rotate: move the first letter of the word to its end ("spy" becomes "pys").
- Shift: replace every letter by the next letter of the alphabet, with 'z' becoming 'a' ("spy" becomes "tqz").

Two words are twins when one of them can be turned into the other by such a sequence of moves. (Every word is a twin of itself, and twins always have the same length.)

You are given a list of words, 0-indexed. Return the number of index pairs (i, j) with i < j such that words[i] and words[j] are twins. Equal words at different indices count as a twin pair.
"""

EXPLAIN = [
    "\"abc\" and \"bcd\" are twins (one shift); \"cab\" is a rotation of \"abc\"; \"zab\" is \"abc\" shifted 25 times. So the first four words are pairwise twins (6 pairs). \"acb\" is a twin of none of them, and \"ab\" has a different length.",
    "Rotating \"az\" gives \"za\", and shifting \"za\" once gives \"ab\"; shifting \"ab\" 25 times gives \"za\" again. All three words are twins, giving 3 pairs.",
]

CONSTRAINTS = r"""
1 <= words.length <= 10^4
1 <= words[i].length <= 12
words[i] consists of lowercase English letters.
"""

REF = r"""
class Solution:
    def countTwinPairs(self, words: List[str]) -> int:
        groups = {}
        total = 0
        for w in words:
            codes = [ord(c) - 97 for c in w]
            n = len(codes)
            best = None
            for r in range(n):
                rot = codes[r:] + codes[:r]
                base = rot[0]
                key = tuple((c - base) % 26 for c in rot)
                if best is None or key < best:
                    best = key
            c = groups.get(best, 0)
            total += c
            groups[best] = c + 1
        return total
"""

BRUTE = r"""
class Solution:
    def countTwinPairs(self, words: List[str]) -> int:
        def disguises(w):
            out = set()
            for r in range(len(w)):
                rot = w[r:] + w[:r]
                for s in range(26):
                    out.add("".join(chr((ord(c) - 97 + s) % 26 + 97) for c in rot))
            return out

        total = 0
        for i in range(len(words)):
            reach = disguises(words[i])
            for j in range(i + 1, len(words)):
                if words[j] in reach:
                    total += 1
        return total
"""


def disguise(rng, w):
    r = rng.randrange(len(w))
    s = rng.randrange(26)
    w = w[r:] + w[:r]
    return "".join(chr((ord(c) - 97 + s) % 26 + 97) for c in w)


def small(rng):
    n = rng.randint(1, 8)
    alpha = rng.choice(["ab", "abz", "abcdefghijklmnopqrstuvwxyz"])
    words = []
    for _ in range(n):
        if words and rng.random() < 0.5:
            words.append(disguise(rng, rng.choice(words)))
        else:
            words.append("".join(rng.choice(alpha) for _ in range(rng.randint(1, 4))))
    return [words]


def public():
    return [[["abc", "bcd", "cab", "zab", "acb", "ab"]], [["az", "za", "ab"]]]


def private(rng):
    mixed = []
    for _ in range(4500):
        if mixed and rng.random() < 0.6:
            mixed.append(disguise(rng, rng.choice(mixed)))
        else:
            mixed.append("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 8))))
    periodic = [disguise(rng, rng.choice(["abab", "aaaa", "abcabc", "azaz", "abba"])) for _ in range(2500)]
    return [
        [["q"]],
        [["q", "z", "m"]],
        [["ab", "ba"]],
        [["abc", "acb", "bac", "cba"]],
        [["aaaaaaaaaaaa", "zzzzzzzzzzzz", "abababababab", "babababababa", "aaaaaaaaaaab"]],
        [mixed],
        [periodic],
        [["".join(rng.choice("ab") for _ in range(5)) for _ in range(60)]],
    ]


def valid(inp):
    (words,) = inp
    assert 1 <= len(words) <= 10**4
    for w in words:
        assert isinstance(w, str) and 1 <= len(w) <= 12 and w.isascii() and w.isalpha() and w.islower()
