import io

import pytest

from sortlines import main


def run(argv, text=""):
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(text), stdout=out) == 0
    return out.getvalue()


def test_long_option():
    assert run(["--reverse"], "apple\ncherry\nbanana\n") == "cherry\nbanana\napple\n"


def test_reverse_numeric():
    assert run(["-r", "-n"], "10\n9\n100\n") == "100\n10\n9\n"
    assert run(["-n", "--reverse"], "2\n-1\n3.5\n") == "3.5\n2\n-1\n"


def test_reverse_unique():
    assert run(["-u", "-r"], "b\na\nb\nc\na\n") == "c\nb\na\n"


def test_reverse_with_files(tmp_path):
    (tmp_path / "one.txt").write_text("m\nz\n", encoding="utf-8")
    (tmp_path / "two.txt").write_text("a\n", encoding="utf-8")
    argv = ["-r", str(tmp_path / "one.txt"), str(tmp_path / "two.txt")]
    assert run(argv) == "z\nm\na\n"


def test_without_reverse_unchanged():
    assert run([], "b\na\n") == "a\nb\n"
    with pytest.raises(SystemExit):
        run(["--backwards"], "")
