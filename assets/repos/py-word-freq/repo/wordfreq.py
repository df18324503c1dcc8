"""Word frequencies for the newsletter's "most used words" box."""
import re
from collections import Counter

WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


def word_counts(text, stopwords=()):
    words = WORD.findall(text)
    return Counter(w for w in words if w not in stopwords)


def top_words(text, n=3, stopwords=()):
    """The n most frequent words as (word, count); ties alphabetically."""
    counts = word_counts(text, stopwords)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
