from pluck import pluck


def test_hidden_1():
    assert pluck([4,2,3]) == [2, 1], "Error"


def test_hidden_2():
    assert pluck([1,2,3]) == [2, 1], "Error"


def test_hidden_3():
    assert pluck([]) == [], "Error"


def test_hidden_4():
    assert pluck([5, 0, 3, 0, 4, 2]) == [0, 1], "Error"


def test_hidden_5():
    assert pluck([1, 2, 3, 0, 5, 3]) == [0, 3], "Error"


def test_hidden_6():
    assert pluck([5, 4, 8, 4 ,8]) == [4, 1], "Error"


def test_hidden_7():
    assert pluck([7, 6, 7, 1]) == [6, 1], "Error"


def test_hidden_8():
    assert pluck([7, 9, 7, 1]) == [], "Error"
