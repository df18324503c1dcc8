# Tier C: one known technique.
ID = "cursor-editor-replay"
TITLE = "Cursor Editor Replay"
FUNC = "replay"
SIGNATURE = "def replay(self, keys: str) -> str:"

BODY = r"""
A text editor holds a line of text and a cursor, which sits before the first character, between two characters or after the last character. At the start the text is empty. You are given the string keys, the keys pressed in order:

- a lowercase letter is inserted at the cursor, and the cursor moves to just after it;
- '<' moves the cursor one position to the left; if it is already before the first character, nothing happens;
- '>' moves the cursor one position to the right; if it is already after the last character, nothing happens;
- '#' deletes the character just before the cursor (the cursor moves left with it); if the cursor is before the first character, nothing happens.

Return the text after all the keys have been pressed (it may be the empty string).
"""

EXPLAIN = [
    "After \"abc\" the cursor is at the end; \"<<\" moves it between a and b, \"x\" gives \"axbc\", \"#\" deletes that x again, \">>>\" reaches the end (the third > does nothing) and \"d\" gives \"abcd\".",
    "The first '#' deletes a; the second finds the cursor at the start and does nothing.",
]

CONSTRAINTS = r"""
1 <= keys.length <= 100
keys consists of lowercase English letters and the characters '<', '>' and '#'.
"""

REF = r"""
class Solution:
    def replay(self, keys: str) -> str:
        left, right = [], []
        for k in keys:
            if k == "<":
                if left:
                    right.append(left.pop())
            elif k == ">":
                if right:
                    left.append(right.pop())
            elif k == "#":
                if left:
                    left.pop()
            else:
                left.append(k)
        return "".join(left) + "".join(reversed(right))
"""

BRUTE = r"""
class Solution:
    def replay(self, keys: str) -> str:
        text = ""
        cur = 0
        for k in keys:
            if k == "<":
                cur = max(0, cur - 1)
            elif k == ">":
                cur = min(len(text), cur + 1)
            elif k == "#":
                if cur > 0:
                    text = text[:cur - 1] + text[cur:]
                    cur -= 1
            else:
                text = text[:cur] + k + text[cur:]
                cur += 1
        return text
"""


def small(rng):
    alpha = rng.choice(["ab<", "ab<>#", "a<#", "abc<<>#", "x>"])
    return ["".join(rng.choice(alpha) for _ in range(rng.randint(1, 10)))]


def public():
    return [["abc<<x#>>>d"], ["a##"]]


def private(rng):
    return [
        ["z"],
        ["<"],
        ["#"],
        [">"],
        ["ab<<<c"],
        ["abc#<#>d"],
        ["".join(rng.choice("abcdefgh<>#") for _ in range(100))],
        ["".join(rng.choice("xy<<>#") for _ in range(100))],
        ["".join(rng.choice("abcd<") for _ in range(60))],
    ]


def valid(inp):
    import re
    (keys,) = inp
    assert re.fullmatch(r"[a-z<>#]{1,100}", keys)
