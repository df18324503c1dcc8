from slug import slugify, unique_slug


def test_simple():
    assert slugify("hello world") == "hello-world"


def test_accents():
    assert slugify("Crème brûlée") == "creme-brulee"


def test_unique():
    assert unique_slug("news", {"news", "news-2"}) == "news-3"


def test_punctuation_collapses():
    assert slugify("Hello, World!") == "hello-world"
