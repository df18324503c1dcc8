"""Parse human-written durations such as "90s", "2h" or "1h15m" into seconds."""
import re

_UNITS = {"h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d+)\s*([hms])")


def parse_duration(text):
    """Return the number of seconds in `text`.

    Raises ValueError when the text is empty or holds anything but
    <number><unit> groups.
    """
    text = text.strip().lower()
    if not text:
        raise ValueError("empty duration")
    total = 0
    pos = 0
    for match in _PART.finditer(text):
        if text[pos:match.start()].strip():
            raise ValueError(f"bad duration: {text!r}")
        total = int(match.group(1)) * _UNITS[match.group(2)]
        pos = match.end()
    if pos == 0 or text[pos:].strip():
        raise ValueError(f"bad duration: {text!r}")
    return total


def format_duration(seconds):
    """Inverse of parse_duration: 3725 -> "1h2m5s"."""
    if seconds < 0:
        raise ValueError("negative duration")
    parts = []
    for unit, size in _UNITS.items():
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count}{unit}")
    return "".join(parts) or "0s"
