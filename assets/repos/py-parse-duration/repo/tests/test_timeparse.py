import pytest

from timeparse import format_duration, parse_duration


def test_single_unit():
    assert parse_duration("90s") == 90
    assert parse_duration("2h") == 7200


def test_two_units():
    assert parse_duration("1h30m") == 5400


def test_rejects_garbage():
    for bad in ["", "   ", "abc", "5x", "10"]:
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_format():
    assert format_duration(3725) == "1h2m5s"
    assert format_duration(0) == "0s"
