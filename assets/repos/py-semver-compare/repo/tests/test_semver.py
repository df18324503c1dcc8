import pytest

from semver import compare, newest, parse


def test_parse():
    assert parse("1.2.3") == (1, 2, 3, None)
    assert parse("v0.4.1-beta") == (0, 4, 1, "beta")


def test_compare_patch():
    assert compare("1.2.3", "1.2.4") == -1
    assert compare("2.0.0", "2.0.0") == 0


def test_prerelease_before_release():
    assert compare("1.0.0-alpha", "1.0.0") == -1


def test_invalid():
    with pytest.raises(ValueError):
        parse("1.2")


def test_multi_digit_parts():
    assert compare("1.10.0", "1.9.0") == 1


def test_newest():
    assert newest(["0.1.0", "0.3.0", "0.2.5"]) == "0.3.0"
