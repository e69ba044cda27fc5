"""A member's own record: each game as the member played it, chosen and sorted, with partners, opponents and a
head to head, counted as the ladder counts (a win 1, a draw ½, only games with a result)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime
from enum import StrEnum
from typing import Iterable, Sequence

from .ladder import PlayerGame
from .ranking import won_words


class Result(StrEnum):
    """How a game went for the member."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"
    NO_RESULT = "no_result"      # abandoned, or ended before a hand: counts for nobody
    IN_PLAY = "in_play"
    LEFT = "left"                # the member left mid-way and a substitute played on: not the member's game


#: Each result in words, for the page and the API's "result_words".
RESULT_WORDS = {Result.WON: "won", Result.DRAWN: "drawn", Result.LOST: "lost", Result.NO_RESULT: "no result",
                Result.IN_PLAY: "not finished", Result.LEFT: "left mid-way"}
#: Where a result sorts, best first.
RESULT_ORDER = {Result.WON: 0, Result.DRAWN: 1, Result.LOST: 2, Result.NO_RESULT: 3, Result.IN_PLAY: 4, Result.LEFT: 5}


class SortBy(StrEnum):
    """What the games are listed by."""

    DATE = "date"
    RESULT = "result"
    MARGIN = "margin"


@dataclass(frozen=True)
class Seat:
    """Someone at the table: a member of the club (key 'm12'), or a name typed at the table (key 'n:ann')."""

    key: str
    name: str
    member_id: int | None = None


@dataclass(frozen=True)
class GamePlayed:
    """One game as the member played it: when, at which table, by which rules, beside and against whom, each
    team's score (the member's first), the result and the margin (+ won, - lost, 0 drawn, None no result)."""

    game_id: int
    opened_at: datetime
    played_on: date
    session_id: int | None
    table: str
    ruleset_id: str
    house_rules_id: int | None
    rules: str
    partners: tuple[Seat, ...]
    opponents: tuple[Seat, ...]
    team: str
    score: int
    others: tuple[tuple[str, int], ...]      # each other team's name and score
    result: Result
    margin: int | None
    note: str = ""
    opponent_points: tuple[float, ...] = ()      # what the game gives each opponent on the ladder, in their order

    @property
    def counts(self) -> bool:
        """True when the game has a result for the member: only these count in the figures."""
        return self.result in (Result.WON, Result.DRAWN, Result.LOST)

    @property
    def points(self) -> float:
        """What the game gives the member on the ladder: 1 won, ½ drawn, 0 otherwise."""
        return {Result.WON: 1.0, Result.DRAWN: 0.5}.get(self.result, 0.0)

    def against(self, key: str) -> float:
        """Beside an opponent (by key): what the game gives them on the ladder (in a game of three teams two may
        both lose); beside a partner: what the pair lost together (1 lost, ½ drawn)."""
        for seat, points in zip(self.opponents, self.opponent_points):
            if seat.key == key:
                return points
        return 1.0 - self.points

    @property
    def result_words(self) -> str:
        """'won by 200', 'lost by 150', 'drawn', 'no result'."""
        if self.result == Result.WON:
            return f"won by {self.margin:,}"
        if self.result == Result.LOST:
            return f"lost by {-(self.margin or 0):,}"
        return RESULT_WORDS[self.result]


def result_of(line: PlayerGame | None, over: bool, left: bool = False) -> tuple[Result, int | None]:
    """The member's result and margin from the ladder's line of the game (None: the game gives no line)."""
    if left:
        return Result.LEFT, None
    if line is None:
        return (Result.NO_RESULT if over else Result.IN_PLAY), None
    if line.result == 1:
        return Result.WON, line.margin
    return (Result.DRAWN, 0) if line.result == 0.5 else (Result.LOST, line.margin)


@dataclass(frozen=True)
class Choice:
    """Which games are shown and how: a date range (the club's days, both ends included), a rule set, house rules,
    what they are sorted by and which way, and the page."""

    since: date | None = None
    until: date | None = None
    ruleset_id: str | None = None
    house_rules_id: int | None = None
    sort: SortBy = SortBy.DATE
    descending: bool = True
    page: int = 1

    def keeps(self, game: GamePlayed) -> bool:
        """True when the game is one of those chosen."""
        return ((self.since is None or game.played_on >= self.since)
                and (self.until is None or game.played_on <= self.until)
                and (self.ruleset_id is None or game.ruleset_id == self.ruleset_id)
                and (self.house_rules_id is None or game.house_rules_id == self.house_rules_id))

    @property
    def filtered(self) -> bool:
        """True when some games may be left out."""
        return any(value is not None for value in (self.since, self.until, self.ruleset_id, self.house_rules_id))


def chosen(games: Iterable[GamePlayed], choice: Choice) -> list[GamePlayed]:
    """The games the choice keeps, in its order; games level on what they are sorted by stay newest first."""
    kept = sorted((game for game in games if choice.keeps(game)), key=lambda g: (g.opened_at, g.game_id),
                  reverse=True)
    if choice.sort == SortBy.DATE:
        return kept if choice.descending else kept[::-1]
    if choice.sort == SortBy.RESULT:      # descending: the best result first
        key = lambda g: RESULT_ORDER[g.result]      # noqa: E731
        return sorted(kept, key=key, reverse=not choice.descending)
    counted = sorted((g for g in kept if g.margin is not None), key=lambda g: g.margin, reverse=choice.descending)
    return counted + [g for g in kept if g.margin is None]         # no margin: always last


def page_of(games: Sequence[GamePlayed], page: int, size: int) -> list[GamePlayed]:
    """One page of the games (from 1)."""
    return list(games[(page - 1) * size:page * size])


@dataclass(frozen=True)
class Together:
    """Games with a result played beside (or against) one other player, and the member's wins in them."""

    seat: Seat
    games: int = 0
    won: float = 0.0
    lost: float = 0.0          # an opponent's wins in these games; beside a partner, the games lost together

    @property
    def won_words(self) -> str:
        """Wins as a club writes them: '4', '2½'."""
        return won_words(self.won)

    @property
    def lost_words(self) -> str:
        """The other side's wins, as a club writes them."""
        return won_words(self.lost)

    def adding(self, game: GamePlayed) -> Together:
        """This tally with one more game: the member's win (a draw ½) and the other's, as the ladder counts them
        (in a game of three teams two may both lose)."""
        return replace(self, games=self.games + 1, won=self.won + game.points,
                       lost=self.lost + game.against(self.seat.key))


def tallies(games: Iterable[GamePlayed], side: str) -> list[Together]:
    """Everyone the member played with ('partners') or against ('opponents') in games with a result, most games
    first (then most wins, then by name)."""
    found: dict[str, Together] = {}
    for game in games:
        if not game.counts:
            continue
        for seat in getattr(game, side):
            found[seat.key] = found.get(seat.key, Together(seat)).adding(game)
    return sorted(found.values(), key=lambda t: (-t.games, -t.won, t.seat.name.lower(), t.seat.key))


@dataclass(frozen=True)
class HeadToHead:
    """The member and another player: their games against each other (the member's wins, the other's) and as
    partners, with the games themselves."""

    other: Seat
    against: Together
    together: Together
    games: tuple[GamePlayed, ...] = field(default=())


def head_to_head(games: Iterable[GamePlayed], other: Seat) -> HeadToHead:
    """Every game the member shared with `other`, newest first, and the tallies of those with a result."""
    shared = [game for game in games
              if any(seat.key == other.key for seat in game.partners + game.opponents)]
    against = [game for game in shared if any(seat.key == other.key for seat in game.opponents)]
    beside = [game for game in shared if any(seat.key == other.key for seat in game.partners)]
    def tally(some: list[GamePlayed]) -> Together:
        total = Together(other)
        for game in some:
            if game.counts:
                total = total.adding(game)
        return total
    return HeadToHead(other, tally(against), tally(beside),
                      tuple(sorted(shared, key=lambda g: (g.opened_at, g.game_id), reverse=True)))


@dataclass(frozen=True)
class Figures:
    """The member's figures over the games with a result: games, afternoons, won (draws ½), margins."""

    games: int
    sessions: int
    won: float
    margin: int

    @property
    def win_rate(self) -> float | None:
        """Wins per game, None with no game."""
        return self.won / self.games if self.games else None

    @property
    def average_margin(self) -> int | None:
        """The margin a game, rounded, None with no game."""
        return round(self.margin / self.games) if self.games else None

    @property
    def won_words(self) -> str:
        """Wins as a club writes them."""
        return won_words(self.won)


def figures_of(games: Iterable[GamePlayed]) -> Figures:
    """The figures of the games that count."""
    counted = [game for game in games if game.counts]
    return Figures(len(counted), len({g.session_id for g in counted if g.session_id}),
                   sum(g.points for g in counted), sum(g.margin or 0 for g in counted))
