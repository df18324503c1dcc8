import pytest

from dotenv import load_dotenv, parse_dotenv


def test_plain_values():
    assert parse_dotenv("A=1\n# comment\n\nB = two\n") == {"A": "1", "B": "two"}


def test_bad_line():
    with pytest.raises(ValueError):
        parse_dotenv("not a pair\n")


def test_load_respects_existing(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("HOME=/tmp/x\nMODE=dev\n", encoding="utf-8")
    environ = {"HOME": "/home/me"}
    load_dotenv(env_file, environ=environ)
    assert environ == {"HOME": "/home/me", "MODE": "dev"}


def test_double_quotes_removed():
    assert parse_dotenv('NAME="Ada Lovelace"\n') == {"NAME": "Ada Lovelace"}
