"""A competition as frozen data: the afternoons it counts, whom it ranks, how, how many results count, who
qualifies, and the handicap; the shapes clubs start from."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum

from .ranking import GameResult

#: Place points a shape starts from: 8 for first down to 1 for eighth.
PLACE_POINTS = (8, 7, 6, 5, 4, 3, 2, 1)


class Method(StrEnum):
    """How a competition ranks its entrants."""

    GAMES_WON = "games_won"                # games won (a draw half), then the sum of margins: the ladder's way
    AVERAGE_MARGIN = "average_margin"      # the margin per game, over the results that count
    AFTERNOON_POINTS = "afternoon_points"  # the points scored, added up afternoon by afternoon
    PLACE_POINTS = "place_points"          # points for each afternoon's place: 8 for first down to 1


class Whom(StrEnum):
    """Who a competition ranks: each player, or each pair that played together as a team."""

    PLAYERS = "players"
    PAIRS = "pairs"


class CountKind(StrEnum):
    """How many of an entrant's afternoons count."""

    ALL = "all"                # every afternoon
    BEST = "best"              # the best N, the rest dropped
    DROP_PER = "drop_per"      # the lowest one dropped for every K afternoons beyond a minimum


class HandicapKind(StrEnum):
    """Where a player's handicap (points a game, added to the margin) comes from."""

    NONE = "none"
    FIXED = "fixed"                    # a figure per player, set by the organiser
    RATING_ON = "rating_on"            # from the form guide's rating on a date, fixed from then on
    RATING_MOVING = "rating_moving"    # from the rating just before each game


@dataclass(frozen=True)
class Afternoons:
    """Which afternoons count: a season's days or a date range (either end open), a weekday, or chosen ones."""

    season: str = ""                   # the season's name, for the words (its days are starts_on to ends_on)
    starts_on: date | None = None
    ends_on: date | None = None
    weekday: int | None = None         # 0 Monday to 6 Sunday
    chosen: tuple[int, ...] = ()       # these afternoons only (their ids)

    def includes(self, played_on: date, afternoon: int | None) -> bool:
        """True when a game of this day and afternoon counts."""
        if self.chosen and afternoon not in self.chosen:
            return False
        if self.starts_on is not None and played_on < self.starts_on:
            return False
        if self.ends_on is not None and played_on > self.ends_on:
            return False
        return self.weekday is None or played_on.weekday() == self.weekday


@dataclass(frozen=True)
class Counting:
    """How many afternoons count: all, the best `best`, or all less one for every `per` beyond `beyond`."""

    kind: CountKind = CountKind.ALL
    best: int = 0
    per: int = 0
    beyond: int = 0

    def dropped(self, played: int) -> int:
        """How many of this many afternoons are dropped."""
        if self.kind == CountKind.BEST:
            return max(0, played - self.best)
        if self.kind == CountKind.DROP_PER and self.per > 0:
            return max(0, (played - self.beyond) // self.per)
        return 0


@dataclass(frozen=True)
class Qualification:
    """Who is ranked: at least so many afternoons, games, a share of the most active entrant's games (the
    ladder's line, in percent) and different partners; the others are listed below as not yet qualified."""

    afternoons: int = 0
    games: int = 0
    percent: int = 0
    partners: int = 0


@dataclass(frozen=True)
class Handicap:
    """A handicap in points a game, added to each game's margin: fixed per player, or worked out from the form
    guide's rating as `per_point` points a game for each point of rating under the club's middle (25)."""

    kind: HandicapKind = HandicapKind.NONE
    fixed: tuple[tuple[str, int], ...] = ()
    per_point: int = 0
    rating_on: date | None = None

    def fixed_of(self, player: str) -> int:
        """A player's fixed handicap (0 for a player the organiser gave none)."""
        folded = player.casefold()
        return next((points for name, points in self.fixed if name.casefold() == folded), 0)


@dataclass(frozen=True)
class Competition:
    """A competition: its name and every choice that ranks it."""

    name: str
    afternoons: Afternoons = Afternoons()
    whom: Whom = Whom.PLAYERS
    method: Method = Method.GAMES_WON
    place_points: tuple[int, ...] = PLACE_POINTS
    counting: Counting = Counting()
    qualification: Qualification = Qualification()
    handicap: Handicap = Handicap()


@dataclass(frozen=True)
class CompetitionGame:
    """One game with a result as a competition reads it: its day, its afternoon (None: a game outside one), the
    result and each team's final total."""

    played_on: date
    afternoon: int | None
    result: GameResult
    totals: tuple[int, ...] = field(default=())


def ladder_competition(name: str, afternoons: Afternoons, percent: int = 30) -> Competition:
    """The season ladder as a competition: games won then margins, every game counts, no handicap, qualified at
    `percent` % of the most active player's games."""
    return Competition(name, afternoons, qualification=Qualification(percent=percent))


class Shape(StrEnum):
    """The ready shapes an organiser starts a competition from."""

    SEASON_LADDER = "season_ladder"
    BEST_OF_QUARTER = "best_of_quarter"
    HANDICAP_CUP = "handicap_cup"
    PAIRS_CHAMPIONSHIP = "pairs_championship"
    AFTERNOON_WINNERS = "afternoon_winners"


SHAPE_WORDS = {
    Shape.SEASON_LADDER: "Season ladder", Shape.BEST_OF_QUARTER: "Best 8 of the quarter",
    Shape.HANDICAP_CUP: "Handicap cup", Shape.PAIRS_CHAMPIONSHIP: "Pairs championship",
    Shape.AFTERNOON_WINNERS: "Afternoon-winner points",
}


def shaped(shape: Shape, afternoons: Afternoons = Afternoons(), rating_on: date | None = None) -> Competition:
    """A competition in one of the ready shapes, over these afternoons, for the organiser to change."""
    name = SHAPE_WORDS[shape]
    if shape == Shape.SEASON_LADDER:
        return ladder_competition(name, afternoons)
    if shape == Shape.BEST_OF_QUARTER:
        return Competition(name, afternoons, method=Method.AFTERNOON_POINTS,
                           counting=Counting(CountKind.BEST, best=8), qualification=Qualification(afternoons=4))
    if shape == Shape.HANDICAP_CUP:
        kind = HandicapKind.RATING_ON if rating_on else HandicapKind.RATING_MOVING
        return Competition(name, afternoons, handicap=Handicap(kind, per_point=20, rating_on=rating_on),
                           qualification=Qualification(afternoons=3))
    if shape == Shape.PAIRS_CHAMPIONSHIP:
        return Competition(name, afternoons, whom=Whom.PAIRS, qualification=Qualification(games=5))
    return Competition(name, afternoons, method=Method.PLACE_POINTS,
                       counting=Counting(CountKind.DROP_PER, per=4, beyond=4), qualification=Qualification(afternoons=3))


def renamed(competition: Competition, name: str, afternoons: Afternoons) -> Competition:
    """The same competition under a new name over other afternoons (copying last season's)."""
    return replace(competition, name=name, afternoons=afternoons)
