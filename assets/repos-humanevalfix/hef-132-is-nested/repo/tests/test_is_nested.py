from is_nested import is_nested


def test_example_1():
    assert is_nested('[[]]') == True, "This prints if this assert fails 1 (good for debugging!)"


def test_example_2():
    assert is_nested('[]]]]]]][[[[[]') == False


def test_example_3():
    assert is_nested('[][]') == False


def test_example_4():
    assert is_nested('[]') == False


def test_example_5():
    assert is_nested('[[]][[') == True


def test_example_6():
    assert is_nested('[[][]]') == True
