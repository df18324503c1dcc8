"""Tokenizer for the calculator: numbers, + - * / and parentheses."""

OPERATORS = "+-*/"


class TokenError(ValueError):
    pass


def tokenize(expr):
    """Split an expression into numbers (int or float) and operator/paren strings."""
    tokens = []
    i = 0
    while i < len(expr):
        ch = expr[i]
        if ch.isspace():
            i += 1
            continue
        if ch.isdigit() or ch == ".":
            j = i
            while j < len(expr) and (expr[j].isdigit() or expr[j] == "."):
                j += 1
            text = expr[i:j]
            try:
                tokens.append(float(text) if "." in text else int(text))
            except ValueError:
                raise TokenError(f"bad number {text!r} at position {i}") from None
            i = j
            continue
        if ch in OPERATORS or ch in "()":
            tokens.append(ch)
            i += 1
            continue
        raise TokenError(f"unexpected {ch!r} at position {i}")
    return tokens
