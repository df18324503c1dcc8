"""Scores for a weekly quiz night."""
from dataclasses import dataclass, field


@dataclass
class Player:
    name: str
    scores: list = field(default_factory=list)

    @property
    def total(self):
        return sum(self.scores)


class Leaderboard:
    def __init__(self):
        self.players = {}

    def record(self, name, points):
        self.players.setdefault(name, Player(name)).scores.append(points)

    def ranking(self):
        """Players best first; players with equal totals in name order."""
        return sorted(self.players.values(), key=lambda p: (p.total, p.name), reverse=True)

    def top(self, n=3):
        return [(p.name, p.total) for p in self.ranking()[:n]]
