from is_prime import is_prime


def test_example_1():
    assert is_prime(6) == False


def test_example_2():
    assert is_prime(101) == True


def test_example_3():
    assert is_prime(11) == True


def test_example_4():
    assert is_prime(13441) == True


def test_example_5():
    assert is_prime(61) == True


def test_example_6():
    assert is_prime(4) == False


def test_example_7():
    assert is_prime(1) == False
