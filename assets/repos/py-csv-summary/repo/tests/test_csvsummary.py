import pytest

from csvsummary import format_summary, read_column, summarize

DATA = "name,qty,price\nbolt,3,0.10\nnut,4,0.05\nwasher,,0.02\n"


def test_read_column_skips_blanks():
    assert read_column(DATA, "qty") == [3, 4]


def test_unknown_column():
    with pytest.raises(KeyError):
        read_column(DATA, "colour")


def test_count_min_max():
    s = summarize(DATA, "qty")
    assert (s["count"], s["min"], s["max"]) == (2, 3, 4)


def test_empty_column():
    assert format_summary(summarize("a,b\n", "a")) == "no values"


def test_mean():
    assert summarize(DATA, "qty")["mean"] == 3.5
