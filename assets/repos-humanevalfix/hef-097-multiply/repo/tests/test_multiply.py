from multiply import multiply


def test_example_1():
    assert multiply(148, 412) == 16, "First test error: " + str(multiply(148, 412))


def test_example_2():
    assert multiply(19, 28) == 72, "Second test error: " + str(multiply(19, 28))


def test_example_3():
    assert multiply(2020, 1851) == 0, "Third test error: " + str(multiply(2020, 1851))


def test_example_4():
    assert multiply(14,-15) == 20, "Fourth test error: " + str(multiply(14,-15))
