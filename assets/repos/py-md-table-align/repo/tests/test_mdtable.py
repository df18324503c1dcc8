import pytest

from mdtable import markdown_table


def test_basic():
    assert markdown_table(["name", "qty"], [["apple", 3], ["fig", 12]]) == (
        "| name  | qty |\n"
        "| ----- | --- |\n"
        "| apple | 3   |\n"
        "| fig   | 12  |"
    )


def test_escapes_pipes():
    assert "a\\|b" in markdown_table(["x"], [["a|b"]])


def test_row_length_checked():
    with pytest.raises(ValueError):
        markdown_table(["a", "b"], [[1]])


def test_right_alignment():
    table = markdown_table(["name", "qty"], [["apple", 3], ["fig", 12]], align=["left", "right"])
    assert table == (
        "| name  | qty |\n"
        "| :---- | --: |\n"
        "| apple |   3 |\n"
        "| fig   |  12 |"
    )
