"""Minimal {placeholder} templates for notification e-mails."""
import re

_FIELD = re.compile(r"\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}")


class MissingField(KeyError):
    pass


def _lookup(context, dotted):
    value = context
    for part in dotted.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        else:
            raise MissingField(dotted)
    return value


def render(template, context):
    """Replace each {name} or {dotted.name} with its value from `context`."""
    return _FIELD.sub(lambda m: str(_lookup(context, m.group(1))), template)


def fields(template):
    """The placeholder names used in `template`, in order."""
    return [m.group(1) for m in _FIELD.finditer(template)]
