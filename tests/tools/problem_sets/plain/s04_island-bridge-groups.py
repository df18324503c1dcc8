"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-island-bridge-groups"
TITLE = "Connected Components After Each Edge"

BODY = r"""
You are given an undirected graph with N vertices numbered 1 to N and, at first, no edges. Then M edges are added one at a time: the i-th edge connects vertex U_i and vertex V_i. An edge may connect two vertices that are already connected, and the same pair of vertices may get several edges.

After each addition, print the number of connected components of the graph. A vertex with no path to any other vertex is a connected component by itself.

Input

The input is given from Standard Input in the following format:
N M
U_1 V_1
U_2 V_2
\vdots
U_M V_M

Output

Print M lines. The i-th line must contain the number of connected components right after the i-th edge has been added.

Constraints

- 2 \leq N \leq 2 \times 10^5
- 1 \leq M \leq 2 \times 10^5
- 1 \leq U_i, V_i \leq N
- U_i \neq V_i
- All input values are integers.
"""

EXPLAIN = [
    "After the 1st edge the components are \\{1, 2\\}, \\{3\\}, \\{4\\}, \\{5\\}. After the 3rd edge they are \\{1, 2, 3, 4\\} and \\{5\\}. The 4th edge connects vertices 1 and 3, which are already in the same component, so the number of components does not change.",
    "",
]
