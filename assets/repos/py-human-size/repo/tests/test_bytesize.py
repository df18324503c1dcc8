import pytest

from bytesize import human_size, parse_size


def test_small_sizes():
    assert human_size(0) == "0 B"
    assert human_size(512) == "512 B"


def test_parse_size():
    assert parse_size("1.5 KiB") == 1536
    assert parse_size("2 MiB") == 2 * 1024 * 1024
    with pytest.raises(ValueError):
        parse_size("3 parsecs")


def test_gibibytes():
    assert human_size(5 * 1024 ** 3) == "5.0 GiB"
