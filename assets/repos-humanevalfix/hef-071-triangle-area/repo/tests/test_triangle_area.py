from triangle_area import triangle_area


def test_example_1():
    assert triangle_area(3, 4, 5) == 6.00, "This prints if this assert fails 1 (good for debugging!)"


def test_example_2():
    assert triangle_area(1, 2, 10) == -1
