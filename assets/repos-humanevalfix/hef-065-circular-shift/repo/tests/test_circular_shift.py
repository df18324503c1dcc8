from circular_shift import circular_shift


def test_example_1():
    assert circular_shift(12, 2) == "12"


def test_example_2():
    assert circular_shift(12, 1) == "21", "This prints if this assert fails 1 (good for debugging!)"
