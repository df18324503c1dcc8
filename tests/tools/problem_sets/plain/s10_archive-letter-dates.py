"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-archive-letter-dates"
TITLE = "Days Between Two Dates"

BODY = r"""
You are given Q pairs of dates. For each pair, print the number of days between the two dates: the number of times one has to move to the next day to get from the earlier date to the later one (the absolute difference of the two dates in days). The first date of a pair may be later than the second one, and the two dates may be the same, in which case the answer is 0.

All dates use the proleptic Gregorian calendar (the Gregorian calendar extended backwards to year 1). A year is a leap year if it is divisible by 4, except that years divisible by 100 are not leap years unless they are also divisible by 400 (so 2000 is a leap year, while 1900 is not). February has 29 days in a leap year and 28 days otherwise; January, March, May, July, August, October and December have 31 days, and April, June, September and November have 30 days.

The dates are written in the form YYYY-MM-DD (a four-digit year with leading zeros, a two-digit month and a two-digit day).

Input

The input is given from Standard Input in the following format:
Q
A_1 B_1
A_2 B_2
\vdots
A_Q B_Q

Output

Print Q lines. The i-th line must contain the number of days between A_i and B_i.

Constraints

- 1 \leq Q \leq 2000
- A_i and B_i are valid dates of the Gregorian calendar in the form YYYY-MM-DD.
- The years of A_i and B_i are between 1 and 9999, inclusive.
"""

EXPLAIN = [
    "2024 is a leap year, so 2024-02-28 is followed by 2024-02-29 and then 2024-03-01: 2 days. 1900 is not a leap year, so 1900-02-28 is followed directly by 1900-03-01: 1 day. In the third pair the later date comes first; the answer is still 2. From 1999-12-31 to 2001-01-01 is 1 + 366 = 367 days.",
    "",
]
