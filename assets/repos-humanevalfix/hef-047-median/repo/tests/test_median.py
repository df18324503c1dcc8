from median import median


def test_example_1():
    assert median([3, 1, 2, 4, 5]) == 3


def test_example_2():
    assert median([-10, 4, 6, 1000, 10, 20]) == 8.0
