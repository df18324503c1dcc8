from leaderboard import Leaderboard


def board_of(entries):
    board = Leaderboard()
    for name, points in entries:
        board.record(name, points)
    return board


def test_several_ties():
    board = board_of([("Dee", 5), ("Cy", 7), ("Al", 5), ("Bea", 7), ("Eve", 1)])
    assert [p.name for p in board.ranking()] == ["Bea", "Cy", "Al", "Dee", "Eve"]


def test_top_cuts_after_sort():
    board = board_of([("Zed", 4), ("Max", 4), ("Ann", 4), ("Kim", 9)])
    assert board.top(2) == [("Kim", 9), ("Ann", 4)]


def test_negative_points():
    board = board_of([("A", -2), ("B", 0), ("C", -2), ("C", 1)])
    assert board.top(3) == [("B", 0), ("C", -1), ("A", -2)]


def test_empty_board():
    assert Leaderboard().top() == []
    assert Leaderboard().ranking() == []
