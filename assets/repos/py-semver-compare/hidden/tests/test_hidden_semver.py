import pytest

from semver import compare, newest, parse


def test_parse_large_numbers():
    assert parse("v2.15.104") == (2, 15, 104, None)
    assert parse("12.0.3-rc.1") == (12, 0, 3, "rc.1")


def test_numeric_not_lexical():
    assert compare("10.0.0", "9.99.99") == 1
    assert compare("1.2.10", "1.2.9") == 1
    assert compare("0.9.0", "0.10.0") == -1


def test_prerelease_numbers():
    assert compare("1.0.0-rc.10", "1.0.0-rc.2") == 1
    assert compare("1.0.0-alpha", "1.0.0-alpha.1") == -1


def test_newest_mixed():
    assert newest(["1.2.10", "1.2.9", "1.10.0-rc.1", "1.9.9"]) == "1.10.0-rc.1"


def test_still_invalid():
    for bad in ["1.2", "1.2.3.4", "a.b.c", "1..2", ""]:
        with pytest.raises(ValueError):
            parse(bad)
