"""Render rows as a GitHub-flavoured Markdown table."""


def _cell(value):
    text = "" if value is None else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(headers, rows):
    headers = [_cell(h) for h in headers]
    body = [[_cell(v) for v in row] for row in rows]
    for row in body:
        if len(row) != len(headers):
            raise ValueError("every row needs one cell per header")
    widths = [max([len(h)] + [len(row[i]) for row in body]) for i, h in enumerate(headers)]
    widths = [max(w, 3) for w in widths]

    def line(cells):
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    out = [line(headers), "| " + " | ".join("-" * w for w in widths) + " |"]
    out.extend(line(row) for row in body)
    return "\n".join(out)
