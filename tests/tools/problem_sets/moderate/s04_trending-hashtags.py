ID = "trending-hashtags"
TITLE = "Trending Hashtags"
PLATFORM = "codeforces"

BODY = r"""
A small social network wants to show its trending hashtags. You are given n posts; each post is a line of words separated by single spaces. Every word consists of English letters, digits and the character '#'.

A word is a hashtag if its first character is '#' and it has at least one more character, and all characters after the first are letters or digits. For example, #sun, #Beach and #2024 are hashtags, while #, ##sun, #sun#set and sun# are not.

Hashtags are compared ignoring case: #Beach, #beach and #BEACH are the same hashtag, written #beach (in lowercase). The score of a hashtag is the number of posts that contain it at least once (a post that contains the same hashtag several times adds only 1 to its score).

Print the k hashtags with the highest scores. Hashtags with higher scores come first; hashtags with equal scores are ordered by their lowercase forms in increasing lexicographic (ASCII) order, so digits come before letters and #ab comes before #abc. If there are fewer than k different hashtags, print all of them.

Input

The first line contains two integers n and k (1 \le n \le 100, 1 \le k \le 50).

Each of the next n lines contains one post: between 1 and 10 words separated by single spaces.

Output

Print one line for each reported hashtag: the hashtag in lowercase (with its leading '#') and its score, separated by a space, in the order described above.

If no post contains any hashtag, print a single line NONE.

Constraints

- Every word has length between 1 and 12 and consists of English letters, digits and '#'.
"""

EXPLAIN = [
    "#beach appears (written differently) in two posts, so its score is 2. #sun and #fun have score 1; #fun comes first in lexicographic order, and only k = 2 hashtags are printed.",
    "The first post contains #go three times, but it counts once. All three hashtags have score 1, and #go is the smallest of them.",
]

REF = r"""
import sys

def is_tag(w):
    if len(w) < 2 or w[0] != "#":
        return False
    for ch in w[1:]:
        if not (ch.isalpha() or ch.isdigit()):
            return False
    return True

def main():
    lines = sys.stdin.read().split("\n")
    n, k = map(int, lines[0].split())
    score = {}
    for i in range(1, n + 1):
        tags = set()
        for w in lines[i].split():
            if is_tag(w):
                tags.add(w.lower())
        for t in tags:
            score[t] = score.get(t, 0) + 1
    if not score:
        print("NONE")
        return
    order = sorted(score, key=lambda t: (-score[t], t))
    for t in order[:k]:
        print(t, score[t])

main()
"""

BRUTE = r"""
import re
n, k = map(int, input().split())
posts = [input().split() for _ in range(n)]
pat = re.compile(r"#[A-Za-z0-9]+")
lowered = [[w.lower() for w in p if pat.fullmatch(w)] for p in posts]
names = []
for p in lowered:
    for t in p:
        if t not in names:
            names.append(t)
if not names:
    print("NONE")
else:
    rows = []
    for t in names:
        c = 0
        for p in lowered:
            if t in p:
                c += 1
        rows.append((t, c))
    rows.sort(key=lambda r: r[0])
    rows.sort(key=lambda r: r[1], reverse=True)
    for t, c in rows[:k]:
        print(t, c)
"""

LOWER = "abcdefghijklmnopqrstuvwxyz"
WORDCH = LOWER + LOWER.upper() + "0123456789#"


def caseflip(rng, w):
    return "".join(ch.upper() if rng.random() < 0.4 else ch for ch in w)


def word(rng, tags):
    r = rng.random()
    if r < 0.45:
        return caseflip(rng, rng.choice(tags))
    if r < 0.6:
        return rng.choice(["#", "##", "a#b", "#a#", "##go", "x#", "#go#", "go"])
    return "".join(rng.choice(LOWER) for _ in range(rng.randint(1, 8)))


def make(rng, n, k, tags, maxw=10):
    lines = [f"{n} {k}"]
    for _ in range(n):
        lines.append(" ".join(word(rng, tags) for _ in range(rng.randint(1, maxw))))
    return "\n".join(lines) + "\n"


def small(rng):
    tags = rng.sample(["#a", "#ab", "#abc", "#b", "#1", "#a1", "#go", "#z9"], rng.randint(1, 5))
    return make(rng, rng.randint(1, 5), rng.randint(1, 5), tags, 4)


def public():
    return [
        "3 2\nLoving the #sun and #Beach\n#beach day #fun\nno tags here\n",
        "2 1\n#go #Go #GO\n#stop #stop2\n",
    ]


def private(rng):
    big_tags = ["#" + "".join(rng.choice(LOWER + "0123456789") for _ in range(rng.randint(1, 6))) for _ in range(30)]
    return [
        # no hashtag at all: lone '#', '##x', 'a#b', '#a#'
        "3 5\n# ## a#b\n##news #a# x#\nplain words only\n",
        # fewer distinct hashtags than k
        "2 10\n#Rain #rain today\n#RAIN #snow\n",
        # ties cut at k, digits before letters, prefixes (#ab before #abc)
        "4 3\n#abc #ab #9lives\n#ab #abc #Zoo\n#zoo #9lives\n#a\n",
        # one post repeating one hashtag many times
        "1 1\n#Same #same #SAME #sAmE #same\n",
        # hashtags glued to punctuation-like '#': only the exact forms count
        "3 4\n#go#go #go ##go\n#GO go# #g0\n#g0 #G0 #go1\n",
        make(rng, 100, 5, big_tags),
        make(rng, 100, 50, big_tags),
        make(rng, 100, 3, ["#a", "#b", "#c", "#d"]),
    ]


def valid(inp):
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    n, k = map(int, lines[0].split(" "))
    assert 1 <= n <= 100 and 1 <= k <= 50 and len(lines) == n + 1
    for line in lines[1:]:
        ws = line.split(" ")
        assert 1 <= len(ws) <= 10
        for w in ws:
            assert 1 <= len(w) <= 12 and all(ch in WORDCH for ch in w)
