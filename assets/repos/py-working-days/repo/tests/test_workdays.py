from datetime import date

from workdays import working_days


def test_week_ending_on_saturday():
    assert working_days("2024-03-04", "2024-03-09") == 5


def test_end_before_start():
    assert working_days("2024-03-08", "2024-03-04") == 0


def test_holiday_skipped():
    assert working_days(date(2024, 3, 4), date(2024, 3, 10), holidays=["2024-03-06"]) == 4


def test_monday_to_friday():
    assert working_days("2024-03-04", "2024-03-08") == 5
