from dotenv import load_dotenv, parse_dotenv


def test_single_quotes():
    assert parse_dotenv("GREETING='hello world'\n")["GREETING"] == "hello world"


def test_spaces_inside_quotes_kept():
    assert parse_dotenv('PAD="  x  "\n')["PAD"] == "  x  "


def test_empty_and_odd_quotes():
    values = parse_dotenv("E=\"\"\nQ=\"\nHALF=\"abc\nMIX='abc\"\n")
    assert values["E"] == ""
    assert values["Q"] == '"'
    assert values["HALF"] == '"abc'
    assert values["MIX"] == "'abc\""


def test_inner_quotes_and_equals():
    values = parse_dotenv("JSON='{\"a\": 1}'\nURL=\"a=b&c=d\"\nPLAIN=it's\n")
    assert values["JSON"] == '{"a": 1}'
    assert values["URL"] == "a=b&c=d"
    assert values["PLAIN"] == "it's"


def test_load_unquotes(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text('TITLE="Dr. Who"\n', encoding="utf-8")
    environ = {}
    load_dotenv(env_file, environ=environ)
    assert environ == {"TITLE": "Dr. Who"}
