from datetime import date

from workdays import working_days


def test_single_weekday():
    assert working_days("2024-03-05", "2024-03-05") == 1


def test_single_weekend_day():
    assert working_days("2024-03-09", "2024-03-09") == 0


def test_holiday_on_last_day():
    assert working_days("2024-03-04", "2024-03-08", holidays=[date(2024, 3, 8)]) == 4


def test_across_month_and_year_end():
    assert working_days("2024-02-26", "2024-03-01") == 5
    assert working_days("2024-12-30", "2025-01-03", holidays=["2025-01-01"]) == 4


def test_two_full_weeks():
    assert working_days(date(2024, 4, 1), date(2024, 4, 12)) == 10
