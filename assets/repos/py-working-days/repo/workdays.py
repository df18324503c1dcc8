"""Count working days between two dates for holiday-request forms."""
from datetime import date, timedelta


def parse_date(text):
    return date.fromisoformat(text.strip())


def _as_date(value):
    return parse_date(value) if isinstance(value, str) else value


def working_days(start, end, holidays=()):
    """Number of Monday-to-Friday days from start to end, both included,
    not counting holidays. Returns 0 when end is before start."""
    start, end = _as_date(start), _as_date(end)
    skip = {_as_date(h) for h in holidays}
    count = 0
    day = start
    while day < end:
        if day.weekday() < 5 and day not in skip:
            count += 1
        day += timedelta(days=1)
    return count
