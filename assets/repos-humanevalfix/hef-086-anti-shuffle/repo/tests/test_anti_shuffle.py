from anti_shuffle import anti_shuffle


def test_example_1():
    assert anti_shuffle('Hi') == 'Hi'


def test_example_2():
    assert anti_shuffle('hello') == 'ehllo'


def test_example_3():
    assert anti_shuffle('Hello World!!!') == 'Hello !!!Wdlor'
