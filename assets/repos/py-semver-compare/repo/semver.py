"""Compare semantic version strings: MAJOR.MINOR.PATCH with an optional -prerelease."""
import functools
import re

_VERSION = re.compile(r"^v?(\d)\.(\d)\.(\d)(?:-([0-9A-Za-z.-]+))?$")


def parse(version):
    match = _VERSION.match(version.strip())
    if not match:
        raise ValueError(f"invalid version: {version!r}")
    major, minor, patch, pre = match.groups()
    return int(major), int(minor), int(patch), pre


def _pre_key(pre):
    # A release sorts after all of its pre-releases.
    if pre is None:
        return (1, ())
    parts = []
    for item in pre.split("."):
        parts.append((0, int(item), "") if item.isdigit() else (1, 0, item))
    return (0, tuple(parts))


def _key(version):
    major, minor, patch, pre = parse(version)
    return (major, minor, patch, _pre_key(pre))


def compare(a, b):
    """Return -1, 0 or 1 as version a is older than, equal to or newer than b."""
    ka, kb = _key(a), _key(b)
    return (ka > kb) - (ka < kb)


def newest(versions):
    return max(versions, key=functools.cmp_to_key(compare))
