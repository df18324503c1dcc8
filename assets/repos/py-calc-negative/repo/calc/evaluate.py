"""Evaluate arithmetic with the shunting-yard algorithm."""
import operator

from .tokens import tokenize

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}


def to_rpn(tokens):
    out, stack = [], []
    for tok in tokens:
        if not isinstance(tok, str):
            out.append(tok)
        elif tok == "(":
            stack.append(tok)
        elif tok == ")":
            while stack and stack[-1] != "(":
                out.append(stack.pop())
            if not stack:
                raise ValueError("unbalanced parentheses")
            stack.pop()
        else:
            while stack and stack[-1] != "(" and _PRECEDENCE[stack[-1]] >= _PRECEDENCE[tok]:
                out.append(stack.pop())
            stack.append(tok)
    while stack:
        if stack[-1] == "(":
            raise ValueError("unbalanced parentheses")
        out.append(stack.pop())
    return out


def evaluate(expr):
    stack = []
    for tok in to_rpn(tokenize(expr)):
        if isinstance(tok, str):
            if len(stack) < 2:
                raise ValueError("missing operand")
            b, a = stack.pop(), stack.pop()
            stack.append(_OPS[tok](a, b))
        else:
            stack.append(tok)
    if len(stack) != 1:
        raise ValueError("malformed expression")
    return stack[0]
