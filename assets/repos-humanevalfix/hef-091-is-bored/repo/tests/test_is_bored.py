from is_bored import is_bored


def test_example_1():
    assert is_bored("Hello world") == 0, "Test 1"


def test_example_2():
    assert is_bored("The sky is blue. The sun is shining. I love this weather") == 1, "Test 3"
