from prime_fib import prime_fib


def test_example_1():
    assert prime_fib(1) == 2


def test_example_2():
    assert prime_fib(2) == 3


def test_example_3():
    assert prime_fib(3) == 5


def test_example_4():
    assert prime_fib(4) == 13


def test_example_5():
    assert prime_fib(5) == 89
