from prod_signs import prod_signs


def test_hidden_1():
    assert prod_signs([1, 2, 2, -4]) == -9


def test_hidden_2():
    assert prod_signs([0, 1]) == 0


def test_hidden_3():
    assert prod_signs([1, 1, 1, 2, 3, -1, 1]) == -10


def test_hidden_4():
    assert prod_signs([]) == None


def test_hidden_5():
    assert prod_signs([2, 4,1, 2, -1, -1, 9]) == 20


def test_hidden_6():
    assert prod_signs([-1, 1, -1, 1]) == 4


def test_hidden_7():
    assert prod_signs([-1, 1, 1, 1]) == -4


def test_hidden_8():
    assert prod_signs([-1, 1, 1, 0]) == 0
