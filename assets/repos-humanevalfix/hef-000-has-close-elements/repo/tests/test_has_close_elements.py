from has_close_elements import has_close_elements


def test_example_1():
    assert has_close_elements([1.0, 2.0, 3.0], 0.5) == False


def test_example_2():
    assert has_close_elements([1.0, 2.8, 3.0, 4.0, 5.0, 2.0], 0.3) == True
