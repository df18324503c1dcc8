from total_match import total_match


def test_example_1():
    assert total_match([], []) == []


def test_example_2():
    assert total_match(['hi', 'admin'], ['hi', 'hi', 'admin', 'project']) == ['hi', 'admin']


def test_example_3():
    assert total_match(['4'], ['1', '2', '3', '4', '5']) == ['4']


def test_example_4():
    assert total_match(['hi', 'admin'], ['hI', 'Hi']) == ['hI', 'Hi']


def test_example_5():
    assert total_match(['hi', 'admin'], ['hI', 'hi', 'hi']) == ['hI', 'hi', 'hi']
