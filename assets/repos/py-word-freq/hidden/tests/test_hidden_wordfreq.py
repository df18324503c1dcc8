from wordfreq import top_words, word_counts


def test_all_cases_merge():
    counts = word_counts("The the THE tHe")
    assert dict(counts) == {"the": 4}


def test_stopwords_any_case():
    counts = word_counts("The Cat and THE dog", stopwords={"the", "AND"})
    assert dict(counts) == {"cat": 1, "dog": 1}


def test_top_words_mixed_case():
    text = "Go go GO stop Stop wait"
    assert top_words(text, 3) == [("go", 3), ("stop", 2), ("wait", 1)]


def test_contractions_lowercased():
    counts = word_counts("Don't stop. don't!")
    assert counts["don't"] == 2
    assert "Don't" not in counts
