import pytest

from bytesize import human_size, parse_size


def test_just_below_a_kib():
    assert human_size(1000) == "1000 B"
    assert human_size(1023) == "1023 B"


def test_exact_units():
    assert human_size(1024) == "1.0 KiB"
    assert human_size(10 * 1024 ** 2) == "10.0 MiB"
    assert human_size(1536) == "1.5 KiB"


def test_largest_unit():
    assert human_size(3 * 1024 ** 5) == "3072.0 TiB"


@pytest.mark.parametrize("n", [2048, 3 * 1024 ** 2, 7 * 1024 ** 3, 1024 ** 4])
def test_round_trip(n):
    assert parse_size(human_size(n)) == n


def test_negative():
    with pytest.raises(ValueError):
        human_size(-1)
