from median import median


def test_hidden_1():
    assert median([3, 1, 2, 4, 5]) == 3


def test_hidden_2():
    assert median([-10, 4, 6, 1000, 10, 20]) == 8.0


def test_hidden_3():
    assert median([5]) == 5


def test_hidden_4():
    assert median([6, 5]) == 5.5


def test_hidden_5():
    assert median([8, 1, 3, 9, 9, 2, 7]) == 7
