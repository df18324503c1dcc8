from is_nested import is_nested


def test_hidden_1():
    assert is_nested('[[]]') == True, "This prints if this assert fails 1 (good for debugging!)"


def test_hidden_2():
    assert is_nested('[]]]]]]][[[[[]') == False


def test_hidden_3():
    assert is_nested('[][]') == False


def test_hidden_4():
    assert is_nested(('[]')) == False


def test_hidden_5():
    assert is_nested('[[[[]]]]') == True


def test_hidden_6():
    assert is_nested('[]]]]]]]]]]') == False


def test_hidden_7():
    assert is_nested('[][][[]]') == True


def test_hidden_8():
    assert is_nested('[[]') == False


def test_hidden_9():
    assert is_nested('[]]') == False


def test_hidden_10():
    assert is_nested('[[]][[') == True


def test_hidden_11():
    assert is_nested('[[][]]') == True


def test_hidden_12():
    assert is_nested('') == False, "This prints if this assert fails 2 (also good for debugging!)"


def test_hidden_13():
    assert is_nested('[[[[[[[[') == False


def test_hidden_14():
    assert is_nested(']]]]]]]]') == False
