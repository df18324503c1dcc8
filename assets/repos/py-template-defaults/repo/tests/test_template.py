import pytest

from template import MissingField, fields, render


def test_simple():
    assert render("Hi {name}!", {"name": "Ada"}) == "Hi Ada!"


def test_dotted():
    ctx = {"order": {"id": 42, "total": "9.50"}}
    assert render("Order { order.id }: {order.total}", ctx) == "Order 42: 9.50"


def test_missing_raises():
    with pytest.raises(MissingField):
        render("Hi {name}", {})


def test_fields():
    assert fields("{a} and {b.c}") == ["a", "b.c"]


def test_default_value():
    assert render("Hi {name|friend}!", {}) == "Hi friend!"
    assert render("Hi {name|friend}!", {"name": "Ada"}) == "Hi Ada!"
