import io

import pytest

from sortlines import main


def run(argv, text):
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(text), stdout=out) == 0
    return out.getvalue()


def test_plain():
    assert run([], "b\na\nc\n") == "a\nb\nc\n"


def test_numeric():
    assert run(["-n"], "10\n9\n100\n") == "9\n10\n100\n"


def test_unique():
    assert run(["-u"], "b\na\nb\n") == "a\nb\n"


def test_unknown_option():
    with pytest.raises(SystemExit):
        run(["-z"], "")


def test_reverse():
    assert run(["-r"], "b\na\nc\n") == "c\nb\na\n"
