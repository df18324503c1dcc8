ID = "narrow-column-wrap"
TITLE = "Narrow Column Wrap"
PLATFORM = "atcoder"

BODY = r"""
A text of N words must be printed in a narrow column: no line may be longer than W characters. It is laid out in two steps.

1. Every word longer than W letters is cut into pieces: its first W letters, its next W letters, and so on; the last piece holds the remaining letters (between 1 and W of them). From now on, each piece is treated as a separate word. Words with at most W letters are not cut.
2. The words are placed in their order, filling lines greedily. A word is appended to the current line, separated from the previous word by a single space, if the current line is empty or if the length of the line after appending (letters and spaces counted) is at most W. Otherwise the current line is finished and the word starts a new line.

Print the resulting lines.

Input

The input is given from Standard Input in the following format:
N W
w_1 w_2 \ldots w_N

Output

On the first line, print the number of lines L. Then print the L lines of the column, in order; the words of a line are separated by single spaces.

Constraints

- 1 \leq N \leq 100
- 1 \leq W \leq 20
- Each w_i consists of 1 to 40 lowercase English letters.
"""

EXPLAIN = [
    "the quick fits in 9 characters; adding brown would make 15 characters. brown fox has 9 characters, jumps starts a new line.",
    "supercalifragilistic has 20 letters and is cut into super, calif, ragil, istic. Each piece fills a whole line. is and fun cannot share a line, since is fun would take 6 characters, more than W = 5.",
]

REF = r"""
def main():
    n, w = map(int, input().split())
    words = input().split()
    pieces = []
    for word in words:
        for i in range(0, len(word), w):
            pieces.append(word[i:i + w])
    lines = []
    cur = []
    length = 0
    for p in pieces:
        if not cur:
            cur = [p]
            length = len(p)
        elif length + 1 + len(p) <= w:
            cur.append(p)
            length += 1 + len(p)
        else:
            lines.append(cur)
            cur = [p]
            length = len(p)
    lines.append(cur)
    print(len(lines))
    for line in lines:
        print(" ".join(line))

main()
"""

BRUTE = r"""
n, w = map(int, input().split())
words = input().split()
pieces = []
for word in words:
    piece = ""
    for ch in word:
        if len(piece) == w:
            pieces.append(piece)
            piece = ""
        piece += ch
    pieces.append(piece)
out = []
line = None
for p in pieces:
    if line is None:
        line = p
    elif len(line + " " + p) <= w:
        line = line + " " + p
    else:
        out.append(line)
        line = p
out.append(line)
print(len(out))
print("\n".join(out))
"""

LOW = "abcdefghijklmnopqrstuvwxyz"


def make(rng, n, w, lens):
    words = ["".join(rng.choice(LOW) for _ in range(rng.choice(lens))) for _ in range(n)]
    return f"{n} {w}\n" + " ".join(words) + "\n"


def small(rng):
    w = rng.randint(1, 7)
    lens = [1, 2, w, w + 1, 2 * w, rng.randint(1, 15)]
    lens = [x for x in lens if 1 <= x <= 40]
    return make(rng, rng.randint(1, 7), w, lens)


def public():
    return [
        "5 10\nthe quick brown fox jumps\n",
        "3 5\nsupercalifragilistic is fun\n",
    ]


def private(rng):
    return [
        # W = 1: every letter on its own line
        "2 1\nab c\n",
        # everything fits on one line exactly
        "3 11\nabc def ghi\n",
        # one word exactly W long (not cut), one exactly 2W long (no empty piece)
        "4 4\nabcd ab abcdefgh x\n",
        # the last short piece of a long word is followed by words on the same line
        "4 6\nbookkeeper is a job\n",
        # a single word
        "1 20\n" + "x" * 40 + "\n",
        "1 20\nhello\n",
        make(rng, 100, 20, [1, 3, 5, 8, 12, 20, 25, 40]),
        make(rng, 100, 7, [1, 2, 3, 6, 7, 8, 14]),
        make(rng, 100, 3, [1, 2, 3, 4, 9]),
    ]


def valid(inp):
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n, w = map(int, lines[0].split(" "))
    assert 1 <= n <= 100 and 1 <= w <= 20
    words = lines[1].split(" ")
    assert len(words) == n
    for x in words:
        assert 1 <= len(x) <= 40 and all(c in LOW for c in x)
