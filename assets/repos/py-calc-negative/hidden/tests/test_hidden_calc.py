import pytest

from calc import evaluate, tokenize


def test_minus_minus():
    assert evaluate("5 - -2") == 7
    assert evaluate("5--2") == 7


def test_after_paren_and_floats():
    assert evaluate("(-1.5 * 2)") == -3.0
    assert evaluate("-.5 + 1") == 0.5
    assert evaluate("4 / (-2)") == -2.0


def test_binary_minus_unchanged():
    assert tokenize("3-2") == [3, "-", 2]
    assert tokenize("(1)-2") == ["(", 1, ")", "-", 2]
    assert evaluate("10 - 4 - 3") == 3


def test_tokenize_signed():
    assert tokenize("-3+5") == [-3, "+", 5]
    assert tokenize("2*-4.25") == [2, "*", -4.25]


def test_still_an_error():
    with pytest.raises(ValueError):
        evaluate("3 +")
