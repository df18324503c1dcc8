"""Summarise a numeric column of a CSV export: count, min, max and mean."""
import csv
import io


def read_column(text, column):
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or column not in reader.fieldnames:
        raise KeyError(column)
    values = []
    for row in reader:
        cell = (row.get(column) or "").strip()
        if cell:
            values.append(float(cell) if "." in cell else int(cell))
    return values


def summarize(text, column):
    values = read_column(text, column)
    if not values:
        return {"count": 0, "min": None, "max": None, "mean": None}
    return {
        "count": len(values),
        "min": min(values),
        "max": max(values),
        "mean": round(sum(values) // len(values), 2),
    }


def format_summary(summary):
    if summary["count"] == 0:
        return "no values"
    return "n={count} min={min} max={max} mean={mean}".format(**summary)
