"""The season ladder: standings ranked by win rate among players with enough games."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence
from fractions import Fraction

from .outcome import Outcome
from .ranking import won_words
from .wording import plural

#: Default qualifying share: 30 % of the most active player's games.
DEFAULT_SHARE = Fraction(3, 10)

METHOD = ("A win counts 1 and a draw ½ (only games with a result count). Players who have played at least "
          "{percent} % of the games of the most active player{figures} are ranked by games won, then by sum of "
          "margins; players level on both share a place. Win rate = wins ÷ games played, shown for interest. "
          "The others are listed below as not yet qualified.")


@dataclass(frozen=True)
class PlayerGame:
    """One game as one player played it: the session, won/drawn/lost, and the margin (+ won, - lost, 0 drawn)."""

    player: str
    session: int | None
    result: float          # 1 won, 0.5 drawn, 0 lost
    margin: int


@dataclass(frozen=True)
class Standing:
    """A player's line on the ladder."""

    player: str
    sessions: int
    games: int
    won: float
    margin: int
    place: int | None      # None: not yet qualified

    @property
    def win_rate(self) -> float:
        """Wins (draws half) per game played."""
        return self.won / self.games if self.games else 0.0

    @property
    def won_words(self) -> str:
        """Wins as a club writes them: '4', '2½', '½'."""
        return won_words(self.won)

    @property
    def qualified(self) -> bool:
        """True when the player has enough games to be ranked."""
        return self.place is not None


def games_needed(most_games: int, share: Fraction = DEFAULT_SHARE) -> int:
    """Fewest games to qualify: the share of the most active player's games, rounded up."""
    needed = Fraction(most_games) * Fraction(share)
    return -(-needed.numerator // needed.denominator)


def method_text(most_games: int, share: Fraction = DEFAULT_SHARE) -> str:
    """The ranking method in words, for the page."""
    figures = ""
    if most_games:
        figures = (f" ({plural(most_games, 'game')} so far this season, so at least "
                   f"{plural(games_needed(most_games, share), 'game')})")
    return METHOD.format(percent=f"{float(share) * 100:g}", figures=figures)


def tally(games: list[PlayerGame]) -> list[Standing]:
    """Each player's sessions, games, wins and margins, unranked."""
    rows: dict[str, dict] = {}
    for game in games:
        row = rows.setdefault(game.player, {"sessions": set(), "games": 0, "won": 0.0, "margin": 0})
        if game.session is not None:
            row["sessions"].add(game.session)
        row["games"] += 1
        row["won"] += game.result
        row["margin"] += game.margin
    return [Standing(player, len(row["sessions"]), row["games"], row["won"], row["margin"], None)
            for player, row in rows.items()]


def order_key(standing: Standing) -> tuple:
    """What places a qualified player: games won (a draw half), then the sum of margins."""
    return (Fraction(standing.won), standing.margin)


def rank(games: list[PlayerGame], share: Fraction = DEFAULT_SHARE) -> list[Standing]:
    """Qualified players by place (ties share a place), then the others by games played."""
    standings = tally(games)
    if not standings:
        return []
    needed = games_needed(max(s.games for s in standings), share)
    qualified = sorted(sorted((s for s in standings if s.games >= needed), key=lambda s: s.player),
                       key=order_key, reverse=True)
    ranked, previous, place = [], None, 0
    for index, standing in enumerate(qualified, start=1):
        key = order_key(standing)
        if key != previous:
            place, previous = index, key
        ranked.append(Standing(standing.player, standing.sessions, standing.games, standing.won,
                               standing.margin, place))
    others = sorted((s for s in standings if s.games < needed), key=lambda s: (-s.games, s.player))
    return ranked + others


def player_games(teams: Sequence[Sequence[str]], outcome: Outcome, session_id: int | None) -> list[PlayerGame]:
    """Each player's line from one game's outcome: winners +margin, losers -margin, a draw half a game to
    each team equal at the top (margin 0); a game without a result gives none."""
    if not outcome.decided:
        return []
    margin = 0 if outcome.draw else outcome.margin or 0
    rows = []
    for index, team in enumerate(teams):
        ahead = index in outcome.winners
        result = (0.5 if outcome.draw else 1.0) if ahead else 0.0
        rows += [PlayerGame(player, session_id, result, margin if ahead else -margin) for player in team]
    return rows
