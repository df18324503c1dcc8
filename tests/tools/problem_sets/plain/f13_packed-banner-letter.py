"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-packed-banner-letter"
TITLE = "K-th Character of a Run-Length Encoded String"

BODY = r"""
The string packed is a run-length encoding: a sequence of lowercase letters, each optionally followed by a count, a positive integer written in decimal without leading zeros. A letter followed by a count c stands for c copies of that letter; a letter without a count stands for one copy. The decoded string is the concatenation of these runs in order, so "ab3c" decodes to "abbbc" and "z12" to twelve 'z's.

Return the k-th character (counting from 1) of the decoded string as a one-character string, or the empty string "" if the decoded string has fewer than k characters.
"""

EXPLAIN = [
    "The decoded string is \"aaabcccccccccccc\" (3 a's, one b, 12 c's); its 5th character is 'c'.",
    "The decoded string \"xyyz\" has only 4 characters.",
]
