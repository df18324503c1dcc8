"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-locker-code-check"
TITLE = "Count Strings Matching a Pattern"

BODY = r"""
A string is valid when the whole string consists of exactly these three parts, with nothing before, between or after them:

1. two or three uppercase English letters,
2. one '-' character,
3. one to four decimal digits whose first digit is not '0'.

(That is, the whole string matches the regular expression [A-Z]{2,3}-[1-9][0-9]{0,3}.) Return the number of valid strings in codes.
"""

EXPLAIN = [
    "\"AB-12\", \"XYZ-9999\" and \"QQ-10\" are valid. \"ABCD-1\" has four letters, \"AB-0\" and \"AB-012\" have a number starting with '0', and \"Ab-5\" has a lowercase letter.",
    "",
]
