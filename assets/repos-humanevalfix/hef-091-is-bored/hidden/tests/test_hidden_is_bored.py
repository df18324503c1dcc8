from is_bored import is_bored


def test_hidden_1():
    assert is_bored("Hello world") == 0, "Test 1"


def test_hidden_2():
    assert is_bored("Is the sky blue?") == 0, "Test 2"


def test_hidden_3():
    assert is_bored("I love It !") == 1, "Test 3"


def test_hidden_4():
    assert is_bored("bIt") == 0, "Test 4"


def test_hidden_5():
    assert is_bored("I feel good today. I will be productive. will kill It") == 2, "Test 5"


def test_hidden_6():
    assert is_bored("You and I are going for a walk") == 0, "Test 6"
