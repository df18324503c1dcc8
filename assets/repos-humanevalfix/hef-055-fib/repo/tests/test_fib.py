from fib import fib


def test_example_1():
    assert fib(10) == 55


def test_example_2():
    assert fib(1) == 1


def test_example_3():
    assert fib(8) == 21
