from max_fill import max_fill


def test_example_1():
    assert max_fill([[0,0,1,0], [0,1,0,0], [1,1,1,1]], 1) == 6, "Error"


def test_example_2():
    assert max_fill([[0,0,1,1], [0,0,0,0], [1,1,1,1], [0,1,1,1]], 2) == 5, "Error"


def test_example_3():
    assert max_fill([[0,0,0], [0,0,0]], 5) == 0, "Error"
