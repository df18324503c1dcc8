import pytest

from inventory import Inventory, OutOfStock


def test_add_and_remove():
    inv = Inventory({"pen": 2})
    inv.add("pen", 3)
    inv.remove("pen", 4)
    assert inv.count("pen") == 1


def test_out_of_stock():
    inv = Inventory({"cup": 1})
    with pytest.raises(OutOfStock):
        inv.remove("cup", 2)


def test_low_stock():
    inv = Inventory({"a": 1, "b": 10, "c": 4})
    assert inv.low_stock() == ["a", "c"]


def test_new_inventories_are_independent():
    first = Inventory()
    second = Inventory()
    first.add("apple", 2)
    assert second.count("apple") == 0
