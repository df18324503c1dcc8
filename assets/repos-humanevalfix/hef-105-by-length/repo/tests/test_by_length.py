from by_length import by_length


def test_example_1():
    assert by_length([2, 1, 1, 4, 5, 8, 2, 3]) == ["Eight", "Five", "Four", "Three", "Two", "Two", "One", "One"], "Error"


def test_example_2():
    assert by_length([]) == [], "Error"


def test_example_3():
    assert by_length([1, -1 , 55]) == ['One'], "Error"
