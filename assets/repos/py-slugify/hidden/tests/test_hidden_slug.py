from slug import slugify, unique_slug


def test_leading_and_trailing_separators():
    assert slugify("  --Rust & Python--  ") == "rust-python"


def test_long_runs():
    assert slugify("a  ...  b") == "a-b"
    assert slugify("C++ / C# / F#") == "c-c-f"


def test_truncation_does_not_leave_a_dash():
    assert slugify("ab cd", max_length=3) == "ab"
    assert slugify("one two three", max_length=8) == "one-two"


def test_nothing_left():
    assert slugify("!!!") == ""


def test_unique_with_punctuation():
    assert unique_slug("Hello, World!", {"hello-world"}) == "hello-world-2"
