from anti_shuffle import anti_shuffle


def test_hidden_1():
    assert anti_shuffle('Hi') == 'Hi'


def test_hidden_2():
    assert anti_shuffle('hello') == 'ehllo'


def test_hidden_3():
    assert anti_shuffle('number') == 'bemnru'


def test_hidden_4():
    assert anti_shuffle('abcd') == 'abcd'


def test_hidden_5():
    assert anti_shuffle('Hello World!!!') == 'Hello !!!Wdlor'


def test_hidden_6():
    assert anti_shuffle('') == ''


def test_hidden_7():
    assert anti_shuffle('Hi. My name is Mister Robot. How are you?') == '.Hi My aemn is Meirst .Rboot How aer ?ouy'
