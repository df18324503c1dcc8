ID = "terminal-folder-trail"
TITLE = "Terminal Folder Trail"
FUNC = "finalFolder"
SIGNATURE = "def finalFolder(self, commands: List[str]) -> str:"

BODY = r"""
A terminal starts in the root folder "/". Each string in commands is "cd " followed by a path, and the commands are run in order. A path is split at every '/' into parts:

- if the path starts with '/', the walk starts from the root; otherwise it starts from the current folder;
- an empty part (from "//" or a '/' at either end) and the part "." do nothing;
- the part ".." goes to the parent folder; in the root folder it does nothing;
- any other part goes into the subfolder of that name (every folder exists).

Return the current folder after all commands, written as "/" followed by the folder names from the root joined with '/', for example "/home/ana". The root folder is written "/".
"""

EXPLAIN = [
    "After the commands the terminal is in /home, then /home/ana/docs, then /home/ana, then /home/ana/pics.",
    "The second command starts from the root; \"..\" in the root does nothing.",
]

CONSTRAINTS = r"""
1 <= commands.length <= 1000
Each commands[i] is "cd " followed by a path of 1 to 50 characters.
A path consists of lowercase English letters, '.' and '/'.
"""

REF = r"""
class Solution:
    def finalFolder(self, commands: List[str]) -> str:
        stack = []
        for cmd in commands:
            path = cmd[3:]
            if path.startswith('/'):
                stack = []
            for part in path.split('/'):
                if part == '' or part == '.':
                    continue
                if part == '..':
                    if stack:
                        stack.pop()
                else:
                    stack.append(part)
        return '/' + '/'.join(stack)
"""

BRUTE = r"""
class Solution:
    def finalFolder(self, commands: List[str]) -> str:
        # glue every path onto one long absolute path, then resolve it once
        full = "/"
        for cmd in commands:
            path = cmd.split(" ", 1)[1]
            if path[0] == "/":
                full = path
            else:
                full = full + "/" + path
        parts = []
        name = ""
        for ch in full + "/":
            if ch != "/":
                name += ch
                continue
            if name == "..":
                parts = parts[:-1]
            elif name not in ("", "."):
                parts = parts + [name]
            name = ""
        result = "/"
        for p in parts:
            if result != "/":
                result += "/"
            result += p
        return result
"""

PIECES = ["a", "b", "ab", "..", ".", "", "...", "x.y", ".a"]


def rand_path(rng):
    while True:
        k = rng.randint(1, 4)
        path = "/".join(rng.choice(PIECES) for _ in range(k))
        if rng.random() < 0.3:
            path = "/" + path
        if 1 <= len(path) <= 50:
            return path


def small(rng):
    return [["cd " + rand_path(rng) for _ in range(rng.randint(1, 5))]]


def public():
    return [[["cd home", "cd ana/./docs/", "cd ..", "cd pics"]], [["cd /usr//lib", "cd /../etc/..", "cd ../var"]]]


def private(rng):
    return [
        [["cd /"]],
        [["cd .."]],
        [["cd ..."]],
        [["cd a", "cd ../../../../b", "cd ./c/."]],
        [["cd x.y/.z", "cd .."]],
        [["cd //a//b//", "cd .", "cd /c", "cd d/../../.."]],
        [["cd " + rand_path(rng) for _ in range(200)]],
        [["cd abc/def/ghi"] * 500 + ["cd ../.."] * 500],
    ]


def valid(inp):
    (commands,) = inp
    assert 1 <= len(commands) <= 1000
    for c in commands:
        assert c.startswith("cd ")
        path = c[3:]
        assert 1 <= len(path) <= 50
        assert set(path) <= set("abcdefghijklmnopqrstuvwxyz./")
