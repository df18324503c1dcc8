"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-workshop-task-order"
TITLE = "Lexicographically Smallest Topological Order"

BODY = r"""
You are given a directed graph with N vertices numbered 1 to N and M edges; the i-th edge goes from vertex A_i to vertex B_i. The same edge may appear more than once.

A topological order is a permutation P = (P_1, P_2, \ldots, P_N) of the vertices such that, for every edge, A_i comes before B_i in P (not necessarily immediately before). A permutation P is lexicographically smaller than a permutation Q if, at the first position k where they differ, P_k < Q_k.

Print the lexicographically smallest topological order. If the graph has no topological order (that is, it contains a directed cycle), print IMPOSSIBLE.

Input

The input is given from Standard Input in the following format:
N M
A_1 B_1
A_2 B_2
\vdots
A_M B_M

Output

If a topological order exists, print the lexicographically smallest one, P_1, P_2, \ldots, P_N, on one line, separated by spaces. Otherwise, print IMPOSSIBLE.

Constraints

- 1 \leq N \leq 2000
- 0 \leq M \leq 2000
- 1 \leq A_i, B_i \leq N
- A_i \neq B_i
- All input values are integers.
"""

EXPLAIN = [
    "Vertex 1 cannot come first because of the edge 3 \\to 1. Vertex 2 has no incoming edge, so the smallest order starts with 2, then 3, then 1 (now allowed), then 4, and finally 5, which must come after 4.",
    "The edges 1 \\to 2, 2 \\to 3 and 3 \\to 1 form a cycle, so there is no topological order.",
]
