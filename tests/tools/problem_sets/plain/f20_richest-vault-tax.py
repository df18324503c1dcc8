"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-richest-vault-tax"
TITLE = "Sum After k Reductions of the Maximum"

BODY = r"""
Perform exactly k operations on the array vaults. In each operation, choose a maximum element x of the array (any one of them if several are equal) and replace it with x - floor(x / 3). An element smaller than 3 does not change, but the operation still counts as one of the k.

Return the sum of the array after the k operations.
"""

EXPLAIN = [
    "30 -> 20 (array 20, 9, 20), then one 20 -> 14, then the other 20 -> 14, then 14 -> 10. The sum is 10 + 9 + 14 = 33.",
    "The maximum is 2, and 2 - floor(2 / 3) = 2, so no operation changes anything: 2 + 1 + 0 = 3.",
]
