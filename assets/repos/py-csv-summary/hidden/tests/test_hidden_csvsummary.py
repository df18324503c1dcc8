import pytest

from csvsummary import format_summary, summarize


def test_mean_rounds_to_two_places():
    assert summarize("x\n1\n2\n2\n", "x")["mean"] == 1.67


def test_mean_of_floats():
    assert summarize("p\n0.5\n0.2\n", "p")["mean"] == pytest.approx(0.35)


def test_mean_with_negatives():
    assert summarize("t\n-3\n4\n", "t")["mean"] == 0.5
    assert summarize("t\n-1\n-2\n", "t")["mean"] == -1.5


def test_integer_mean_unchanged():
    assert summarize("v\n2\n4\n6\n", "v")["mean"] == 4


def test_format_summary():
    text = format_summary(summarize("q\n1\n2\n", "q"))
    assert text == "n=2 min=1 max=2 mean=1.5"
