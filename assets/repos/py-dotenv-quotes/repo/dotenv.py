"""Load KEY=value lines from a .env file into a dict (and into os.environ)."""
import os
import re

_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse_dotenv(text):
    values = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not _KEY.match(key):
            raise ValueError(f"line {lineno}: expected KEY=value")
        values[key] = value.strip()
    return values


def load_dotenv(path, environ=None, override=False):
    """Copy the file's values into `environ` (os.environ by default).

    Existing variables win unless override is true."""
    environ = os.environ if environ is None else environ
    with open(path, encoding="utf-8") as fh:
        values = parse_dotenv(fh.read())
    for key, value in values.items():
        if override or key not in environ:
            environ[key] = value
    return values
