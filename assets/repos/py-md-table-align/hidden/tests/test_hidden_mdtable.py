from mdtable import markdown_table


def test_center():
    table = markdown_table(["item", "n"], [["pear", "7"], ["kiwi", "10"]], align=["left", "center"])
    assert table.splitlines()[1] == "| :--- | :-: |"
    assert table.splitlines()[2] == "| pear |  7  |"


def test_right_wide_column():
    table = markdown_table(["price"], [["1.50"], ["120.00"]], align=["right"])
    assert table.splitlines() == [
        "|  price |",
        "| -----: |",
        "|   1.50 |",
        "| 120.00 |",
    ]


def test_explicit_left_marks_separator():
    table = markdown_table(["a"], [["xyz12"]], align=["left"])
    assert table.splitlines() == ["| a     |", "| :---- |", "| xyz12 |"]


def test_default_is_unchanged():
    assert markdown_table(["k", "v"], [["x", "1"]]) == (
        "| k   | v   |\n"
        "| --- | --- |\n"
        "| x   | 1   |"
    )
    assert markdown_table(["k"], [["x"]], align=None) == markdown_table(["k"], [["x"]])
