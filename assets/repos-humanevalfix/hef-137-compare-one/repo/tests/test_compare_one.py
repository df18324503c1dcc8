from compare_one import compare_one


def test_example_1():
    assert compare_one(1, 2.5) == 2.5


def test_example_2():
    assert compare_one(1, "2,3") == "2,3"


def test_example_3():
    assert compare_one("5,1", "6") == "6"


def test_example_4():
    assert compare_one("1", 1) == None
