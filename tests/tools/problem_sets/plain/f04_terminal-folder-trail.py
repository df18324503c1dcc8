"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-terminal-folder-trail"
TITLE = "Final Directory After cd Commands"

BODY = r"""
Simulate cd commands on a Unix-style file system. The current directory starts at the root "/". Each string in commands is "cd " followed by a path, and the commands are run in order. A path is split at every '/' into parts:

- if the path starts with '/', it is absolute and is resolved from the root; otherwise it is resolved from the current directory;
- an empty part (from "//" or a '/' at either end) and the part "." do nothing;
- the part ".." moves to the parent directory; in the root it does nothing;
- any other part moves into the subdirectory of that name (every directory exists).

Return the current directory after all commands as a canonical absolute path: "/" followed by the directory names from the root joined with '/', for example "/home/ana". The root is written "/".
"""

EXPLAIN = [
    "After the commands the current directory is /home, then /home/ana/docs, then /home/ana, then /home/ana/pics.",
    "The second command is absolute and starts from the root; \"..\" in the root does nothing.",
]
