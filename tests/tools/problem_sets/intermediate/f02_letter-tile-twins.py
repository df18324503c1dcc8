ID = "letter-tile-twins"
TITLE = "Letter Tile Twins"
FUNC = "countTwinPairs"
SIGNATURE = "def countTwinPairs(self, words: List[str]) -> int:"

BODY = r"""
Each player of a word game has laid out one word with letter tiles; words[i] is the word of player i. The tiles do not distinguish upper and lower case, so "Act" and "CAT" are built from the same tiles.

Two players are twins if their words use exactly the same tiles: the same letters, each the same number of times, ignoring case. Two equal words are twins too.

Return the number of pairs of players (i, j) with i < j who are twins.
"""

EXPLAIN = [
    "The words \"Listen\", \"silent\", \"tinsel\" and \"ENLIST\" all use the tiles e, i, l, n, s, t, which gives 6 twin pairs; \"Act\" and \"cat\" give one more.",
    "No two words have the same length, so there are no twins.",
]

CONSTRAINTS = r"""
1 <= words.length <= 2000
1 <= words[i].length <= 10
words[i] consists of English letters (upper or lower case).
"""

REF = r"""
class Solution:
    def countTwinPairs(self, words: List[str]) -> int:
        groups = Counter("".join(sorted(w.lower())) for w in words)
        return sum(c * (c - 1) // 2 for c in groups.values())
"""

BRUTE = r"""
class Solution:
    def countTwinPairs(self, words: List[str]) -> int:
        def tiles(w):
            counts = [0] * 26
            for ch in w:
                counts[ord(ch.lower()) - ord('a')] += 1
            return counts
        n = len(words)
        total = 0
        for i in range(n):
            for j in range(i + 1, n):
                if tiles(words[i]) == tiles(words[j]):
                    total += 1
        return total
"""


def rand_word(rng, letters, lo=1, hi=4):
    return "".join(rng.choice(letters) for _ in range(rng.randint(lo, hi)))


def small(rng):
    letters = rng.choice(["ab", "abAB", "abcABC", "aA"])
    return [[rand_word(rng, letters) for _ in range(rng.randint(1, 8))]]


def public():
    return [[["Listen", "silent", "Act", "tinsel", "cat", "ENLIST", "dog"]], [["abc", "ab", "a", "ABCD"]]]


def private(rng):
    return [
        [["x"]],
        [["a", "A"]],
        [["ab", "ab", "ab", "ab"]],
        [["aab", "abb", "bab", "BBA"]],
        [["abcdefghij"] * 2000],
        [[rand_word(rng, "abAB", 1, 3) for _ in range(300)]],
        [[rand_word(rng, "abcdeABCDE", 1, 10) for _ in range(2000)]],
        [["z" * k for k in range(1, 11)] + ["Z" * k for k in range(1, 11)]],
    ]


def valid(inp):
    (words,) = inp
    assert 1 <= len(words) <= 2000
    for w in words:
        assert isinstance(w, str) and 1 <= len(w) <= 10 and w.isascii() and w.isalpha()
