from max_fill import max_fill


def test_hidden_1():
    assert max_fill([[0,0,1,0], [0,1,0,0], [1,1,1,1]], 1) == 6, "Error"


def test_hidden_2():
    assert max_fill([[0,0,1,1], [0,0,0,0], [1,1,1,1], [0,1,1,1]], 2) == 5, "Error"


def test_hidden_3():
    assert max_fill([[0,0,0], [0,0,0]], 5) == 0, "Error"


def test_hidden_4():
    assert max_fill([[1,1,1,1], [1,1,1,1]], 2) == 4, "Error"


def test_hidden_5():
    assert max_fill([[1,1,1,1], [1,1,1,1]], 9) == 2, "Error"
