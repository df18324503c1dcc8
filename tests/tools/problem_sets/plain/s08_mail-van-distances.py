"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-mail-van-distances"
TITLE = "Single-Source Shortest Paths"

BODY = r"""
You are given an undirected weighted graph with N vertices numbered 1 to N and M edges. The i-th edge connects vertex U_i and vertex V_i and has weight C_i. Several edges may connect the same pair of vertices.

For every vertex k, find the shortest distance from vertex 1 to vertex k: the minimum total weight of a path from vertex 1 to vertex k. The distance from vertex 1 to itself is 0. If vertex k cannot be reached from vertex 1, its distance is -1.

Input

The input is given from Standard Input in the following format:
N M
U_1 V_1 C_1
U_2 V_2 C_2
\vdots
U_M V_M C_M

Output

Print N integers on one line, separated by spaces. The k-th integer must be the shortest distance from vertex 1 to vertex k, or -1 if vertex k cannot be reached.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq M \leq 2 \times 10^5
- 1 \leq U_i, V_i \leq N
- U_i \neq V_i
- 1 \leq C_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The edge between vertices 1 and 3 has weight 10, but the path 1 \\to 2 \\to 3 has length 2 + 3 = 5. Vertex 4 is then reached through vertex 3 with length 5 + 1 = 6. No edge touches vertex 5, so its distance is -1.",
    "Of the two edges between vertices 1 and 2, the one of weight 5 is the shorter.",
]
