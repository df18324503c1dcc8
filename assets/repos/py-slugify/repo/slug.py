"""URL slugs for blog post titles."""
import re
import unicodedata


def slugify(title, max_length=60):
    """Lower-case ASCII slug: letters and digits, other characters become dashes."""
    text = unicodedata.normalize("NFKD", title)
    text = text.encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"[^a-z0-9]", "-", text)
    return text[:max_length]


def unique_slug(title, taken):
    """slugify(title), with -2, -3, ... appended until it is not in `taken`."""
    base = slugify(title)
    slug = base
    n = 2
    while slug in taken:
        slug = f"{base}-{n}"
        n += 1
    return slug
