from choose_num import choose_num


def test_example_1():
    assert choose_num(12, 15) == 14


def test_example_2():
    assert choose_num(13, 12) == -1
