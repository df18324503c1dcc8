from prod_signs import prod_signs


def test_example_1():
    assert prod_signs([1, 2, 2, -4]) == -9


def test_example_2():
    assert prod_signs([0, 1]) == 0


def test_example_3():
    assert prod_signs([]) == None
