import pytest

from template import MissingField, fields, render


def test_dotted_default():
    assert render("By {user.name|anonymous}", {"user": {}}) == "By anonymous"
    assert render("By {user.name|anonymous}", {"user": {"name": "Bo"}}) == "By Bo"


def test_empty_default():
    assert render("[{note|}]", {}) == "[]"


def test_default_with_spaces_and_punctuation():
    assert render("{city|New York, NY}", {}) == "New York, NY"


def test_falsy_value_is_not_missing():
    assert render("{count|none}", {"count": 0}) == "0"


def test_no_default_still_raises():
    with pytest.raises(MissingField):
        render("{a|x} {b}", {})


def test_fields_without_defaults():
    assert fields("{a|x} {b} {c.d|}") == ["a", "b", "c.d"]
