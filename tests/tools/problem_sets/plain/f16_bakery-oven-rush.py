"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-bakery-oven-rush"
TITLE = "Minimum Time to Produce m Items"

BODY = r"""
All machines start at time 0 and work in parallel. Machine i first warms up for warmup[i] time units and then completes one item every bake[i] time units: its items are completed at times warmup[i] + bake[i], warmup[i] + 2 * bake[i], and so on.

Return the smallest integer time t such that at least m items in total have been completed at times less than or equal to t.
"""

EXPLAIN = [
    "Machine 0 completes items at times 3, 6, 9, ...; machine 1 at 5, 7, 9, .... By time 7, 2 + 2 = 4 items are completed; by time 6 only 3.",
    "There is one machine: its m-th item is completed at time 10^9 + 5 * 10^9.",
]
