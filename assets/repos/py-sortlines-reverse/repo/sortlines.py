"""sortlines: print the lines of files (or stdin) in sorted order.

usage: sortlines.py [-n] [-u] [FILE...]
  -n  compare lines as numbers
  -u  drop repeated lines
"""
import sys


def parse_args(argv):
    opts = {"numeric": False, "unique": False, "files": []}
    for arg in argv:
        if arg == "-n":
            opts["numeric"] = True
        elif arg == "-u":
            opts["unique"] = True
        elif arg.startswith("-") and arg != "-":
            raise SystemExit(f"sortlines: unknown option {arg}")
        else:
            opts["files"].append(arg)
    return opts


def sort_lines(lines, numeric=False, unique=False):
    if unique:
        lines = list(dict.fromkeys(lines))
    key = (lambda s: float(s.strip() or 0)) if numeric else None
    return sorted(lines, key=key)


def read_lines(files, stdin):
    if not files:
        return stdin.read().splitlines()
    lines = []
    for name in files:
        if name == "-":
            lines.extend(stdin.read().splitlines())
        else:
            with open(name, encoding="utf-8") as fh:
                lines.extend(fh.read().splitlines())
    return lines


def main(argv=None, stdin=sys.stdin, stdout=sys.stdout):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    lines = read_lines(opts["files"], stdin)
    for line in sort_lines(lines, opts["numeric"], opts["unique"]):
        stdout.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
