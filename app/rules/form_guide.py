"""The form guide: a rating per player from every game with a result, teams and players alone alike
(openskill's Plackett-Luce model), and each player's rating after each of their games."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Iterable, Sequence

from openskill.models import PlackettLuce

from .ranking import GameResult

#: Where everyone starts, and how unsure the model is of a newcomer (openskill's own defaults).
START, START_SIGMA = 25.0, 25.0 / 3

#: The figure's meaning, said once on the player's page and the ladder.
MEANING = ("Form is a rating worked out from every finished game of the club: everyone starts at 25, a win "
           "raises it and a loss lowers it, more so against stronger players, so about 25 is the club's "
           "middle and a higher figure means better recent results.")


@dataclass(frozen=True)
class RatedGame:
    """One game with a result, as the form guide reads it: the day it was played and its result."""

    played_on: date
    result: GameResult


@dataclass(frozen=True)
class FormPoint:
    """A player's rating after one of their games."""

    played_on: date
    rating: float


@dataclass(frozen=True)
class FormRating:
    """A player's rating now: the estimate (mu), how sure it is (sigma), games rated, and the line so far."""

    player: str
    mu: float = START
    sigma: float = START_SIGMA
    games: int = 0
    points: tuple[FormPoint, ...] = ()

    @property
    def figure(self) -> float:
        """The rating as shown: the estimate to one decimal."""
        return round(self.mu, 1)

    @property
    def ordinal(self) -> float:
        """A cautious rating (the estimate less three times its doubt), as openskill ranks."""
        return self.mu - 3 * self.sigma

    def as_dict(self) -> dict:
        """As the JSON API shows it."""
        return {"rating": self.figure, "mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "ordinal": round(self.ordinal, 3), "games_rated": self.games}


@dataclass(frozen=True)
class FormGuide:
    """Every player's form, by name as the games wrote it."""

    forms: dict[str, FormRating] = field(default_factory=dict)

    def of(self, player: str) -> FormRating:
        """A player's form (a player with no rated game at the start)."""
        return self.forms.get(player) or next((f for name, f in self.forms.items() if name.lower() == player.lower()),
                                              FormRating(player))

    def ratings_of(self, players: Iterable[str]) -> dict[str, float]:
        """Each of these players' rating, for balancing a draw."""
        return {name: self.of(name).mu for name in players}


def rank_of(result: GameResult, index: int) -> int:
    """A team's place in a game as its outcome says: the winners (or the teams level at the top of a draw)
    first, every other team second."""
    return 0 if index in result.winners else 1


def rate_games(games: Sequence[RatedGame]) -> FormGuide:
    """Every player's rating after these games, played in the order given (oldest first)."""
    model = PlackettLuce(mu=START, sigma=START_SIGMA)
    ratings: dict = {}
    points: dict[str, list[FormPoint]] = {}
    counts: dict[str, int] = {}
    for game in games:
        teams = [list(team) for team in game.result.teams if team]
        if len(teams) < 2 or len({name for team in teams for name in team}) != sum(map(len, teams)):
            continue                  # one team, or a name twice: nothing to compare
        ranks = [rank_of(game.result, i) for i, team in enumerate(game.result.teams) if team]
        before = [[ratings.get(name) or model.rating(name=name) for name in team] for team in teams]
        after = model.rate(before, ranks=ranks)
        for team, rated in zip(teams, after):
            for name, rating in zip(team, rated):
                ratings[name] = rating
                counts[name] = counts.get(name, 0) + 1
                points.setdefault(name, []).append(FormPoint(game.played_on, round(rating.mu, 2)))
    return FormGuide({name: FormRating(name, r.mu, r.sigma, counts[name], tuple(points[name]))
                      for name, r in ratings.items()})
