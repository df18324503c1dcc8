import pytest

from timeparse import format_duration, parse_duration


def test_three_units():
    assert parse_duration("2h15m30s") == 8130


def test_spaces_and_case():
    assert parse_duration(" 1H 5M ") == 3900
    assert parse_duration("3m 20s") == 200


def test_repeated_unit_adds_up():
    assert parse_duration("10m10m") == 1200


@pytest.mark.parametrize("seconds", [1, 59, 61, 3600, 3661, 86399, 90061])
def test_round_trip(seconds):
    assert parse_duration(format_duration(seconds)) == seconds


def test_still_rejects_garbage():
    for bad in ["1h30", "h", "1h-5m", "1d"]:
        with pytest.raises(ValueError):
            parse_duration(bad)
