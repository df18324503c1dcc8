import pytest

from config import ConfigError, get_bool, get_int, parse_config

SAMPLE = """
# server settings
[server]
host = example.org
port = 8080
debug = yes

; storage
[storage]
path=/var/lib/app
"""


def test_sections_and_keys():
    cfg = parse_config(SAMPLE)
    assert cfg["server"]["host"] == "example.org"
    assert cfg["storage"] == {"path": "/var/lib/app"}


def test_typed_getters():
    cfg = parse_config(SAMPLE)
    assert get_int(cfg, "server", "port") == 8080
    assert get_bool(cfg, "server", "debug") is True
    assert get_bool(cfg, "server", "missing", default=True) is True


def test_key_outside_section():
    with pytest.raises(ConfigError):
        parse_config("key = value\n")


def test_value_containing_equals():
    cfg = parse_config("[db]\ndsn = host=db port=5432\n")
    assert cfg["db"]["dsn"] == "host=db port=5432"
