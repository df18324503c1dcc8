from compare_one import compare_one


def test_hidden_1():
    assert compare_one(1, 2) == 2


def test_hidden_2():
    assert compare_one(1, 2.5) == 2.5


def test_hidden_3():
    assert compare_one(2, 3) == 3


def test_hidden_4():
    assert compare_one(5, 6) == 6


def test_hidden_5():
    assert compare_one(1, "2,3") == "2,3"


def test_hidden_6():
    assert compare_one("5,1", "6") == "6"


def test_hidden_7():
    assert compare_one("1", "2") == "2"


def test_hidden_8():
    assert compare_one("1", 1) == None
