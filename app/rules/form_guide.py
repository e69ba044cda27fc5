"""The form guide: a rating per player from every game with a result, teams and players alone alike
(openskill's Plackett-Luce model), and each player's rating after each of their games."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Iterable, Iterator, Sequence

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


def rating_steps(games: Sequence[RatedGame]) -> Iterator[tuple[RatedGame, dict, tuple[str, ...], dict]]:
    """Each game in the order given (oldest first) with its players' ratings before it (None: not yet rated), the
    players it rated in the order of its teams (none for a game with one team or a name twice: nothing to
    compare), and every player's rating after it (openskill's ratings by name)."""
    model = PlackettLuce(mu=START, sigma=START_SIGMA)
    ratings: dict = {}
    for game in games:
        teams = [list(team) for team in game.result.teams if team]
        before = {name: ratings.get(name) for team in teams for name in team}
        rated: tuple[str, ...] = ()
        if len(teams) >= 2 and len(before) == sum(map(len, teams)):
            ranks = [rank_of(game.result, i) for i, team in enumerate(game.result.teams) if team]
            after = model.rate([[ratings.get(name) or model.rating(name=name) for name in team] for team in teams],
                               ranks=ranks)
            for team, ratings_after in zip(teams, after):
                ratings.update(zip(team, ratings_after))
            rated = tuple(name for team in teams for name in team)
        yield game, before, rated, ratings


def rate_games(games: Sequence[RatedGame]) -> FormGuide:
    """Every player's rating after these games, played in the order given (oldest first)."""
    points: dict[str, list[FormPoint]] = {}
    ratings: dict = {}
    for game, _, rated, ratings in rating_steps(games):
        for name in rated:
            points.setdefault(name, []).append(FormPoint(game.played_on, round(ratings[name].mu, 2)))
    return FormGuide({name: FormRating(name, ratings[name].mu, ratings[name].sigma, len(line), tuple(line))
                      for name, line in points.items()})


def rating_mu(ratings: dict, player: str) -> float:
    """A player's estimate in these ratings (a player not yet rated at the start)."""
    rating = ratings.get(player)
    return START if rating is None else rating.mu
