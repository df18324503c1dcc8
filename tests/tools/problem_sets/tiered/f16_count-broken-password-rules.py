# Tier B: two or three steps.
ID = "count-broken-password-rules"
TITLE = "Count Broken Password Rules"
FUNC = "brokenRules"
SIGNATURE = "def brokenRules(self, password: str) -> int:"

BODY = r"""
You are given a string password. A password should follow these five rules:

1. It has at least 8 characters.
2. It contains at least one lowercase English letter.
3. It contains at least one uppercase English letter.
4. It contains at least one digit.
5. No character occurs three or more times in a row (for example, "aaa" or "111" anywhere in the password breaks this rule; "aa" does not).

Return the number of rules that password breaks (an integer from 0 to 5). Each rule counts at most once, however many times it is broken.
"""

EXPLAIN = [
    "\"abc\" is too short (rule 1) and has no uppercase letter (rule 3) and no digit (rule 4).",
    "\"Secret999x\" has 10 characters, a lowercase letter, an uppercase letter and a digit, but \"999\" breaks rule 5.",
]

CONSTRAINTS = r"""
1 <= password.length <= 50
password consists of English letters, digits and the characters '!', '#', '$' and '_'.
"""

REF = r"""
class Solution:
    def brokenRules(self, password: str) -> int:
        p = password
        broken = 0
        if len(p) < 8:
            broken += 1
        if not any(c.islower() for c in p):
            broken += 1
        if not any(c.isupper() for c in p):
            broken += 1
        if not any(c.isdigit() for c in p):
            broken += 1
        if any(p[i] == p[i + 1] == p[i + 2] for i in range(len(p) - 2)):
            broken += 1
        return broken
"""

BRUTE = r"""
import re

class Solution:
    def brokenRules(self, password: str) -> int:
        rules = [
            len(password) >= 8,
            re.search(r"[a-z]", password) is not None,
            re.search(r"[A-Z]", password) is not None,
            re.search(r"[0-9]", password) is not None,
            re.search(r"(.)\1\1", password) is None,
        ]
        return rules.count(False)
"""


def small(rng):
    alpha = rng.choice(["aA1", "aB", "ab1!", "Zz9_#", "abcdefXYZ0123$"])
    return ["".join(rng.choice(alpha) for _ in range(rng.randint(1, 12)))]


def public():
    return [["abc"], ["Secret999x"]]


def private(rng):
    alpha = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$_"
    return [
        ["a"],
        ["!!!"],
        ["Passw0rd"],
        ["Passw0r"],
        ["PASSWORD123"],
        ["aaBBcc11"],
        ["xYz1___"],
        ["".join(rng.choice(alpha) for _ in range(50))],
        ["".join(rng.choice("aA1") for _ in range(30))],
    ]


def valid(inp):
    import re
    (p,) = inp
    assert re.fullmatch(r"[A-Za-z0-9!#$_]{1,50}", p)
