from filter_by_substring import filter_by_substring


def test_example_1():
    assert filter_by_substring([], 'a') == []


def test_example_2():
    assert filter_by_substring(['abc', 'bacd', 'cde', 'array'], 'a') == ['abc', 'bacd', 'array']
