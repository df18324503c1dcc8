from split_words import split_words


def test_hidden_1():
    assert split_words("Hello world!") == ["Hello","world!"]


def test_hidden_2():
    assert split_words("Hello,world!") == ["Hello","world!"]


def test_hidden_3():
    assert split_words("Hello world,!") == ["Hello","world,!"]


def test_hidden_4():
    assert split_words("Hello,Hello,world !") == ["Hello,Hello,world","!"]


def test_hidden_5():
    assert split_words("abcdef") == 3


def test_hidden_6():
    assert split_words("aaabb") == 2


def test_hidden_7():
    assert split_words("aaaBb") == 1


def test_hidden_8():
    assert split_words("") == 0
