"""Read a small INI-style config: [sections], key = value lines, # or ; comments."""


class ConfigError(ValueError):
    pass


def parse_config(text):
    config = {}
    section = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            config.setdefault(section, {})
            continue
        if "=" not in line or section is None:
            raise ConfigError(f"line {lineno}: expected key = value inside a section")
        key, value = line.split("=")[:2]
        config[section][key.strip()] = value.strip()
    return config


def get_bool(config, section, key, default=False):
    value = config.get(section, {}).get(key)
    if value is None:
        return default
    return value.lower() in ("1", "true", "yes", "on")


def get_int(config, section, key, default=0):
    value = config.get(section, {}).get(key)
    return default if value is None else int(value)
