# Tier B: two or three steps.
ID = "next-alarm-time"
TITLE = "Next Alarm Time"
FUNC = "nextAlarm"
SIGNATURE = "def nextAlarm(self, alarms: List[str], now: str) -> str:"

BODY = r"""
You are given an array alarms of times at which an alarm rings every day, and the current time now. All times are strings "HH:MM" on a 24-hour clock (from "00:00" to "23:59"). The array alarms is not necessarily sorted and may contain the same time more than once.

Return the time of the next alarm that rings strictly after now. If no alarm time is later than now on the same day, the next alarm is the earliest alarm time of the following day. An alarm set exactly at now does not count as the next alarm for today (it rings again 24 hours later).
"""

EXPLAIN = [
    "Among 06:30, 12:00 and 07:45, the times after 07:00 are 12:00 and 07:45; the earlier one is 07:45.",
    "No alarm is later than 22:00, so the next one is the earliest alarm of the next day.",
]

CONSTRAINTS = r"""
1 <= alarms.length <= 100
Every alarms[i] and now is a valid time "HH:MM" from "00:00" to "23:59".
"""

REF = r"""
class Solution:
    def nextAlarm(self, alarms: List[str], now: str) -> str:
        later = [a for a in alarms if a > now]
        return min(later) if later else min(alarms)
"""

BRUTE = r"""
class Solution:
    def nextAlarm(self, alarms: List[str], now: str) -> str:
        h, m = map(int, now.split(":"))
        t = h * 60 + m
        mins = set(int(a[:2]) * 60 + int(a[3:]) for a in alarms)
        for step in range(1, 24 * 60 + 1):
            u = (t + step) % (24 * 60)
            if u in mins:
                return "%02d:%02d" % (u // 60, u % 60)
"""


def fmt(t):
    return "%02d:%02d" % (t // 60, t % 60)


def small(rng):
    pool = [0, 1, 59, 60, 719, 720, 1438, 1439, rng.randint(0, 1439), rng.randint(0, 1439)]
    alarms = [fmt(rng.choice(pool)) for _ in range(rng.randint(1, 5))]
    return [alarms, fmt(rng.choice(pool))]


def public():
    return [[["06:30", "12:00", "07:45"], "07:00"], [["09:15", "21:59", "09:15"], "22:00"]]


def private(rng):
    return [
        [["00:00"], "00:00"],
        [["00:00"], "23:59"],
        [["23:59"], "23:58"],
        [["08:00", "09:00"], "08:00"],
        [["10:30", "10:30", "10:31"], "10:30"],
        [["13:00", "01:00", "13:00"], "13:00"],
        [[fmt(rng.randint(0, 1439)) for _ in range(100)], fmt(rng.randint(0, 1439))],
        [[fmt(rng.randint(0, 600)) for _ in range(30)], "12:00"],
    ]


def valid(inp):
    import re
    alarms, now = inp
    pat = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")
    assert 1 <= len(alarms) <= 100 and pat.fullmatch(now)
    assert all(pat.fullmatch(a) for a in alarms)
