"""Results of a club afternoon: every player ranked by wins, then by the sum of margins."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from .outcome import Outcome

#: The ranking method, written on the results page and the printed results.
METHOD = ("Players are ranked by games won (a draw counts as half a win), then by the sum of their "
          "margins: the margin of a game is the winner's total less the next total; it counts + for the "
          "winners and - for the losers (0 for a draw). Players level on both share a place. "
          "Only games with a result count: abandoned games and games with no hand do not; players who "
          "played no game are listed last.")


def won_words(won: Fraction | float) -> str:
    """Wins, a draw counting half, as a club writes them: '2', '1½', '½', '0'."""
    whole, half = divmod(won * 2, 2)
    text = str(int(whole)) if whole or not half else ""
    return text + ("½" if half else "")


@dataclass(frozen=True)
class GameResult:
    """One finished game as a ranking sees it: the players of each team, the winner or a draw, the margin."""

    teams: tuple[tuple[str, ...], ...]
    winners: tuple[int, ...]       # the winner, or the teams equal at the top of a draw
    draw: bool
    margin: int

    @classmethod
    def of(cls, teams, outcome: Outcome) -> GameResult | None:
        """A game's result from its outcome; None for a game without one (it does not count)."""
        if not outcome.decided:
            return None
        return cls(tuple(tuple(team) for team in teams), outcome.winners, outcome.draw, outcome.margin or 0)


@dataclass(frozen=True)
class Standing:
    """One player's line in the results of the day."""

    place: int
    player: str
    played: int
    won: Fraction
    margin: int

    @property
    def won_words(self) -> str:
        """Wins as a club writes them: '2', '1½', '½'."""
        return won_words(self.won)

    def as_dict(self) -> dict:
        """The API's results line (wins as a number: 1.5 for a win and a draw)."""
        won = float(self.won) if self.won.denominator != 1 else int(self.won)
        return {"place": self.place, "player": self.player, "played": self.played, "won": won,
                "margin": self.margin}


def tally(games: Sequence[GameResult]) -> dict[str, list]:
    """Each player's [played, won, margin] over these games."""
    lines: dict[str, list] = {}
    for game in games:
        for index, team in enumerate(game.teams):
            for player in team:
                line = lines.setdefault(player, [0, Fraction(0), 0])
                line[0] += 1
                if game.draw:
                    line[1] += Fraction(1, 2) if index in game.winners else 0
                elif index in game.winners:
                    line[1] += 1
                    line[2] += game.margin
                else:
                    line[2] -= game.margin
    return lines


def rank_players(games: Sequence[GameResult], present: Sequence[str] = ()) -> tuple[Standing, ...]:
    """Players ranked by wins then margin; ties share a place."""
    lines = tally(games)
    for player in present:
        lines.setdefault(player, [0, Fraction(0), 0])
    order = sorted(lines.items(), key=lambda item: (item[1][0] == 0, -item[1][1], -item[1][2], item[0].casefold()))
    standings: list[Standing] = []
    for position, (player, (played, won, margin)) in enumerate(order, start=1):
        previous = standings[-1] if standings else None
        tied = previous is not None and (previous.played == 0, previous.won, previous.margin) == (
            played == 0, won, margin)
        standings.append(Standing(previous.place if tied else position, player, played, won, margin))
    return tuple(standings)
