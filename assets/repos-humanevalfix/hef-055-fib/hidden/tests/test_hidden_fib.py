from fib import fib


def test_hidden_1():
    assert fib(10) == 55


def test_hidden_2():
    assert fib(1) == 1


def test_hidden_3():
    assert fib(8) == 21


def test_hidden_4():
    assert fib(11) == 89


def test_hidden_5():
    assert fib(12) == 144
