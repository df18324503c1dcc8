from split_words import split_words


def test_example_1():
    assert split_words("Hello world!") == ["Hello","world!"]


def test_example_2():
    assert split_words("Hello,world!") == ["Hello","world!"]


def test_example_3():
    assert split_words("abcdef") == 3
