from simplify import simplify


def test_example_1():
    assert simplify("1/5", "5/1") == True, 'test1'


def test_example_2():
    assert simplify("1/6", "2/1") == False, 'test2'


def test_example_3():
    assert simplify("7/10", "10/2") == False, 'test4'
