"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-letter-tile-twins"
TITLE = "Count Case-Insensitive Anagram Pairs"

BODY = r"""
Return the number of pairs of indices (i, j) with i < j such that words[i] and words[j] are anagrams of each other when upper and lower case are not distinguished: after converting both words to lowercase, every letter occurs the same number of times in both. Two equal words are anagrams too.
"""

EXPLAIN = [
    "\"Listen\", \"silent\", \"tinsel\" and \"ENLIST\" all consist of the letters e, i, l, n, s, t, which gives 6 pairs; \"Act\" and \"cat\" give one more.",
    "No two words have the same length, so no two words are anagrams.",
]
