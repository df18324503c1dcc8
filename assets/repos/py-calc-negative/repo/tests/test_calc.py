import pytest

from calc import TokenError, evaluate, tokenize


def test_tokenize():
    assert tokenize("12 + 3.5*(2)") == [12, "+", 3.5, "*", "(", 2, ")"]


def test_precedence():
    assert evaluate("2 + 3 * 4") == 14
    assert evaluate("(2 + 3) * 4") == 20
    assert evaluate("10 - 4 - 3") == 3


def test_errors():
    with pytest.raises(TokenError):
        tokenize("2 $ 3")
    with pytest.raises(ValueError):
        evaluate("(1 + 2")


def test_negative_numbers():
    assert evaluate("-3 + 5") == 2
    assert evaluate("2 * -4") == -8
