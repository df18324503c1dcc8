from wordfreq import top_words, word_counts


def test_counts():
    counts = word_counts("a cat and a dog")
    assert counts["a"] == 2
    assert counts["cat"] == 1


def test_stopwords():
    assert "and" not in word_counts("cats and dogs", stopwords={"and"})


def test_top_words():
    text = "red blue red green blue red"
    assert top_words(text, 2) == [("red", 3), ("blue", 2)]


def test_case_is_ignored():
    assert word_counts("The cat saw the dog")["the"] == 2
