from total_match import total_match


def test_hidden_1():
    assert total_match([], []) == []


def test_hidden_2():
    assert total_match(['hi', 'admin'], ['hi', 'hi']) == ['hi', 'hi']


def test_hidden_3():
    assert total_match(['hi', 'admin'], ['hi', 'hi', 'admin', 'project']) == ['hi', 'admin']


def test_hidden_4():
    assert total_match(['4'], ['1', '2', '3', '4', '5']) == ['4']


def test_hidden_5():
    assert total_match(['hi', 'admin'], ['hI', 'Hi']) == ['hI', 'Hi']


def test_hidden_6():
    assert total_match(['hi', 'admin'], ['hI', 'hi', 'hi']) == ['hI', 'hi', 'hi']


def test_hidden_7():
    assert total_match(['hi', 'admin'], ['hI', 'hi', 'hii']) == ['hi', 'admin']


def test_hidden_8():
    assert total_match([], ['this']) == []


def test_hidden_9():
    assert total_match(['this'], []) == []
