ID = "headline-capitals"
TITLE = "Headline Capitals"
PLATFORM = "atcoder"

BODY = r"""
A newspaper formats every headline with the following rules. The headline is a sequence of words separated by single spaces. Each word is handled by the first of these rules that applies to it:

1. If the word contains at least one digit, it is printed unchanged.
2. Otherwise, if the word contains no hyphen, has at least 2 characters, and all its characters are uppercase letters, it is an acronym and is printed unchanged (for example NASA or OF).
3. Otherwise, if the word contains no hyphen, is not the first word and not the last word of the headline, and its lowercase form is one of the small words

a, an, and, as, at, but, by, for, in, of, on, or, the, to

then it is printed entirely in lowercase.
4. Otherwise, the word is converted to lowercase and then the first letter of each of its hyphen-separated parts is made uppercase. For example, wELL-known becomes Well-Known, and the becomes The.

Print the formatted headline.

Input

The input is given from Standard Input in the following format:
H

H is the headline: one line of words separated by single spaces.

Output

Print the formatted headline, with single spaces between the words.

Constraints

- H has between 1 and 40 words.
- Every word has between 1 and 20 characters and consists of English letters, digits and hyphens (-).
- No word starts or ends with a hyphen, and no word contains two consecutive hyphens.
"""

EXPLAIN = [
    "the is the first word, so rule 4 gives The. of, a and in are small words in the middle of the headline. NASA is an acronym, 3D contains a digit, and well-known becomes Well-Known.",
    "",
]

REF = r"""
SMALL = {"a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to"}

def main():
    words = input().split()
    n = len(words)
    out = []
    for i, w in enumerate(words):
        if any(c.isdigit() for c in w):
            out.append(w)
        elif "-" not in w and len(w) >= 2 and w.isupper():
            out.append(w)
        elif "-" not in w and 0 < i < n - 1 and w.lower() in SMALL:
            out.append(w.lower())
        else:
            out.append("-".join(p[:1].upper() + p[1:].lower() for p in w.split("-")))
    print(" ".join(out))

main()
"""

BRUTE = r"""
import re
small_words = "a an and as at but by for in of on or the to".split()
words = input().split()
res = []
for idx in range(len(words)):
    w = words[idx]
    if re.search(r"[0-9]", w):
        res.append(w)
        continue
    if re.fullmatch(r"[A-Z][A-Z]+", w):
        res.append(w)
        continue
    middle = idx != 0 and idx != len(words) - 1
    if middle and w.lower() in small_words:
        res.append(w.lower())
        continue
    t = ""
    start = True
    for ch in w:
        if ch == "-":
            t += ch
            start = True
        elif start:
            t += ch.upper()
            start = False
        else:
            t += ch.lower()
    res.append(t)
print(" ".join(res))
"""

SMALLW = "a an and as at but by for in of on or the to".split()
LOW = "abcdefghijklmnopqrstuvwxyz"


def mix(rng, w, p_up=0.3):
    return "".join(c.upper() if rng.random() < p_up else c for c in w)


def word(rng, vocab):
    r = rng.random()
    if r < 0.3:
        return mix(rng, rng.choice(SMALLW), rng.choice([0, 0.3, 1]))
    if r < 0.45:
        return rng.choice(["NASA", "A", "UN", "OF", "I", "EU", "TV", "AN"])
    if r < 0.55:
        return rng.choice(["3d", "covid-19", "2024", "x86", "top10", "B2B", "mp3-player"])
    if r < 0.7:
        parts = [mix(rng, rng.choice(vocab)) for _ in range(rng.randint(2, 3))]
        return "-".join(parts)[:20].strip("-")
    return mix(rng, rng.choice(vocab), rng.choice([0, 0.2, 0.5, 1]))


def make(rng, n, vocab):
    return " ".join(word(rng, vocab) for _ in range(n)) + "\n"


VOCAB = ["market", "rally", "city", "news", "self", "made", "world", "cup", "dog", "x", "of", "the", "art", "state"]


def small(rng):
    return make(rng, rng.randint(1, 6), VOCAB)


def public():
    return [
        "the rise of a NASA 3D printer in well-known labs\n",
        "stocks Fall as tech giants wait For an answer\n",
    ]


def private(rng):
    return [
        # single word: both first and last
        "the\n",
        "a\n",
        # small words at both ends, a one-letter uppercase A in the middle
        "OF mice AND men A tale to\n",
        # acronyms that are also small words; digit words unchanged; mixed case
        "AN OF IN or Or oR THE 4th-Of-july iPHONE 15pro\n",
        # hyphenated words containing small words
        "state-of-the-art design for the self-made MAN-made world\n",
        # single letters and uppercase single words
        "I x A b THE Z\n",
        make(rng, 40, VOCAB),
        make(rng, 40, ["alpha", "beta", "gamma", "delta", "and", "or", "in", "to"]),
    ]


def valid(inp):
    import re
    assert inp.endswith("\n") and inp.count("\n") == 1
    words = inp[:-1].split(" ")
    assert 1 <= len(words) <= 40
    for w in words:
        assert re.fullmatch(r"[A-Za-z0-9]+(-[A-Za-z0-9]+)*", w), w
        assert 1 <= len(w) <= 20
