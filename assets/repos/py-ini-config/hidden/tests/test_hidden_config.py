from config import parse_config


def test_url_with_query():
    cfg = parse_config("[db]\nurl = postgres://h/db?sslmode=require&x=1\n")
    assert cfg["db"]["url"] == "postgres://h/db?sslmode=require&x=1"


def test_base64_padding():
    cfg = parse_config("[auth]\ntoken = YWJjZA==\n")
    assert cfg["auth"]["token"] == "YWJjZA=="


def test_value_starting_with_equals():
    cfg = parse_config("[a]\nop==\nexpr = =1+1\n")
    assert cfg["a"]["op"] == "="
    assert cfg["a"]["expr"] == "=1+1"


def test_empty_value_and_spaces():
    cfg = parse_config("[a]\nempty =\n  name  =  two words  \n")
    assert cfg["a"]["empty"] == ""
    assert cfg["a"]["name"] == "two words"
