from inventory import Inventory


def test_each_empty_inventory_starts_empty():
    Inventory().add("widget", 7)
    fresh = Inventory()
    assert fresh.total_items() == 0
    assert fresh.count("widget") == 0
    assert fresh.low_stock() == []


def test_removal_does_not_leak():
    a = Inventory()
    a.add("bolt", 3)
    b = Inventory()
    b.add("bolt", 1)
    b.remove("bolt", 1)
    assert a.count("bolt") == 3
    assert b.count("bolt") == 0


def test_constructor_does_not_modify_callers_dict():
    start = {"nut": 2}
    inv = Inventory(start)
    inv.add("nut", 5)
    inv.add("screw", 1)
    assert start == {"nut": 2}
    assert inv.count("nut") == 7


def test_two_inventories_from_same_dict():
    start = {"gear": 4}
    a = Inventory(start)
    b = Inventory(start)
    a.remove("gear", 4)
    assert b.count("gear") == 4
    assert a.count("gear") == 0
