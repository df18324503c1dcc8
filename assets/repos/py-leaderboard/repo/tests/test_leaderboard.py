from leaderboard import Leaderboard


def test_record_accumulates():
    board = Leaderboard()
    board.record("Al", 3)
    board.record("Al", 4)
    assert board.players["Al"].total == 7


def test_best_first():
    board = Leaderboard()
    board.record("Cy", 2)
    board.record("Al", 9)
    board.record("Bea", 5)
    assert board.top() == [("Al", 9), ("Bea", 5), ("Cy", 2)]


def test_ties_by_name():
    board = Leaderboard()
    board.record("Bea", 10)
    board.record("Al", 10)
    assert [p.name for p in board.ranking()] == ["Al", "Bea"]
