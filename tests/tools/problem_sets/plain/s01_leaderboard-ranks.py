"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-leaderboard-ranks"
TITLE = "Competition Ranking"

BODY = r"""
You are given N records. Record i consists of a name S_i and two integers P_i and Q_i; all names are different.

Sort the records by P_i in descending order, then by Q_i in ascending order, and then by S_i in lexicographic order.

The rank of a record is 1 plus the number of records that have a larger P, or the same P and a smaller Q (standard competition ranking: records with equal P and equal Q share a rank, and the ranks after a tie are skipped, as in 1, 2, 2, 4).

Print the rank and the name of every record, in sorted order.

Input

The input is given from Standard Input in the following format:
N
S_1 P_1 Q_1
S_2 P_2 Q_2
\vdots
S_N P_N Q_N

Output

Print N lines. The j-th line must contain the rank and the name of the j-th record in sorted order, separated by a space.

Constraints

- 1 \leq N \leq 1000
- S_i is a string of 1 to 10 lowercase English letters.
- S_1, S_2, \ldots, S_N are all different.
- 0 \leq P_i \leq 100
- 0 \leq Q_i \leq 10^4
- P_i and Q_i are integers.
"""

EXPLAIN = [
    "bob and dave both have P = 3 and Q = 50, so they share rank 1 and are listed in name order. carol (P = 3, Q = 70) has two better records, so her rank is 3. alice and erin both have P = 2; alice comes first because of her smaller Q.",
    "",
]
