import pytest

from roman import chapter_title, from_roman, to_roman


def test_to_roman():
    assert to_roman(1) == "I"
    assert to_roman(14) == "XIV"
    assert to_roman(1994) == "MCMXCIV"


def test_to_roman_range():
    with pytest.raises(ValueError):
        to_roman(0)


def test_from_roman_additive():
    assert from_roman("XVII") == 17
    assert from_roman("MDCLXVI") == 1666


def test_from_roman_subtractive():
    assert from_roman("XIV") == 14


def test_chapter_title():
    assert chapter_title(3, "Home") == "Chapter III: Home"
