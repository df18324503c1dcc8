from find_max import find_max


def test_example_1():
    assert (find_max(["name", "of", "string"]) == "string"), "t1"


def test_example_2():
    assert (find_max(["name", "enam", "game"]) == "enam"), 't2'


def test_example_3():
    assert (find_max(["aaaaaaa", "bb", "cc"]) == "aaaaaaa"), 't3'
