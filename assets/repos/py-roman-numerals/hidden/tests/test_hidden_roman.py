import pytest

from roman import from_roman, to_roman


def test_round_trip_all():
    for n in range(1, 4000):
        assert from_roman(to_roman(n)) == n


def test_known_values():
    assert from_roman("MCMXCIV") == 1994
    assert from_roman("XLII") == 42
    assert from_roman("CDXLIV") == 444
    assert from_roman("MMMCMXCIX") == 3999


def test_lower_case_and_spaces():
    assert from_roman(" ix ") == 9
    assert from_roman("xc") == 90


def test_invalid():
    for bad in ["", "ABC", "12"]:
        with pytest.raises(ValueError):
            from_roman(bad)
