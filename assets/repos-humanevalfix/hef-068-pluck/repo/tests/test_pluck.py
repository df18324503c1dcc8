from pluck import pluck


def test_example_1():
    assert pluck([4,2,3]) == [2, 1], "Error"


def test_example_2():
    assert pluck([1,2,3]) == [2, 1], "Error"


def test_example_3():
    assert pluck([]) == [], "Error"


def test_example_4():
    assert pluck([5, 0, 3, 0, 4, 2]) == [0, 1], "Error"
