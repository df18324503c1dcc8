from is_prime import is_prime


def test_hidden_1():
    assert is_prime(6) == False


def test_hidden_2():
    assert is_prime(101) == True


def test_hidden_3():
    assert is_prime(11) == True


def test_hidden_4():
    assert is_prime(13441) == True


def test_hidden_5():
    assert is_prime(61) == True


def test_hidden_6():
    assert is_prime(4) == False


def test_hidden_7():
    assert is_prime(1) == False


def test_hidden_8():
    assert is_prime(5) == True


def test_hidden_9():
    assert is_prime(11) == True


def test_hidden_10():
    assert is_prime(17) == True


def test_hidden_11():
    assert is_prime(5 * 17) == False


def test_hidden_12():
    assert is_prime(11 * 7) == False


def test_hidden_13():
    assert is_prime(13441 * 19) == False
