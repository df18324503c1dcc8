from by_length import by_length


def test_hidden_1():
    assert by_length([2, 1, 1, 4, 5, 8, 2, 3]) == ["Eight", "Five", "Four", "Three", "Two", "Two", "One", "One"], "Error"


def test_hidden_2():
    assert by_length([]) == [], "Error"


def test_hidden_3():
    assert by_length([1, -1 , 55]) == ['One'], "Error"


def test_hidden_4():
    assert by_length([1, -1, 3, 2]) == ["Three", "Two", "One"]


def test_hidden_5():
    assert by_length([9, 4, 8]) == ["Nine", "Eight", "Four"]
