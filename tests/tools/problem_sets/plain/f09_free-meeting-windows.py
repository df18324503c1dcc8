"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-free-meeting-windows"
TITLE = "Free Intervals in a Schedule"

BODY = r"""
Time is measured in integer minutes. The day is the half-open range dayStart <= t < dayEnd. Each busy[i] = [s, e] is a busy interval covering the half-open range s <= t < e (so [0, 30] and [30, 60] leave no gap between them). Busy intervals may overlap each other and may extend outside the day.

The free time is the part of the day not covered by the union of the busy intervals. It splits into maximal gaps x <= t < y with x < y (a gap cannot be extended in either direction). Return the gaps of length at least need (y - x >= need), each as a pair [x, y], sorted by x.
"""

EXPLAIN = [
    "Within the day 480..1020 the busy intervals cover 480..540 (from [450, 540]), 600..690 and 700..720. The gaps are [540, 600], [690, 700] and [720, 1020]; [690, 700] is shorter than need = 30.",
    "The busy intervals cover the whole day, so there is no gap.",
]
