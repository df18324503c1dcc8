"""Human-readable file sizes in binary units (KiB, MiB, ...), like `ls -lh`."""

_UNITS = ["B", "KiB", "MiB", "GiB", "TiB"]


def human_size(num_bytes):
    """1536 -> "1.5 KiB"; sizes under one KiB are whole bytes: "512 B"."""
    if num_bytes < 0:
        raise ValueError("size cannot be negative")
    size = float(num_bytes)
    for unit in _UNITS:
        if size < 1000 or unit == _UNITS[-1]:
            if unit == "B":
                return f"{int(size)} B"
            return f"{size:.1f} {unit}"
        size /= 1000


def parse_size(text):
    """Inverse of human_size: "1.5 KiB" -> 1536."""
    number, _, unit = text.strip().partition(" ")
    unit = unit.strip() or "B"
    if unit not in _UNITS:
        raise ValueError(f"unknown unit: {unit!r}")
    return int(float(number) * 1024 ** _UNITS.index(unit))
