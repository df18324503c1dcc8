"""Roman numeral conversion for the chapter headings of a book generator."""

_VALUES = [
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"),
    (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
    (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
]
_DIGITS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def to_roman(number):
    if not 0 < number < 4000:
        raise ValueError("roman numerals cover 1..3999")
    out = []
    for value, letters in _VALUES:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def from_roman(text):
    text = text.strip().upper()
    if not text or any(ch not in _DIGITS for ch in text):
        raise ValueError(f"not a roman numeral: {text!r}")
    total = 0
    for ch in text:
        total += _DIGITS[ch]
    return total


def chapter_title(number, title):
    return f"Chapter {to_roman(number)}: {title}"
