from .evaluate import evaluate
from .tokens import TokenError, tokenize

__all__ = ["evaluate", "tokenize", "TokenError"]
