"""The session on the clock: call time, end a game, the board's view of every table, the results."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from app.club.ending import outcome_of
from app.club.models import ClubSession
from app.club.sessions import current_games, games_of, present
from app.extensions import db
from app.models import Game, utcnow
from app.rules.formats import Format, Outcome
from app.rules.ranking import GameResult, Standing, rank_players
from app.services import refuse, stale, state_of


@dataclass(frozen=True)
class TableView:
    """One table as the board shows it."""

    game: Game
    number: int
    label: str
    teams: list[list[str]]
    team_names: list[str]
    totals: tuple[int, ...]
    hands: int
    quiet_minutes: int
    outcome: Outcome
    owes_last_hand: bool

    @property
    def result_words(self) -> str:
        """Who won, a draw, no result, still owes its last hand, or playing."""
        if self.outcome.no_result:
            return "Ended: no hand entered, no result"
        if self.outcome.draw:
            return "Draw"
        if self.outcome.over:
            return f"Won by {self.team_names[self.outcome.winner]}"
        return "Owes its last hand" if self.owes_last_hand else "Playing"

    @property
    def facts_words(self) -> str:
        """'No hand yet · started 3 min ago', '1 hand · last entry just now', '4 hands · last entry 12 min ago'."""
        ago = "just now" if self.quiet_minutes == 0 else f"{self.quiet_minutes} min ago"
        if self.hands == 0:
            return f"No hand yet · started {ago}"
        return f"{self.hands} hand{'s' if self.hands != 1 else ''} · last entry {ago}"

    def as_dict(self) -> dict:
        """The table in the board's and the API's documents."""
        winner = self.outcome.winner
        return {
            "table": self.number, "game_id": self.game.id, "label": self.label, "version": self.game.version,
            "teams": self.teams, "team_names": self.team_names, "totals": list(self.totals),
            "hands": self.hands, "minutes_since_last_entry": self.quiet_minutes,
            "over": self.outcome.over, "winner": None if winner is None else self.team_names[winner],
            "winner_index": winner, "draw": self.outcome.draw, "no_result": self.outcome.no_result,
            "margin": self.outcome.margin, "owes_last_hand": self.owes_last_hand,
            "status": self.result_words, "facts": self.facts_words,
        }


def minutes_since(moment: datetime | None, now: datetime) -> int:
    """Whole minutes from a stored UTC time to now."""
    return max(0, int((now - moment).total_seconds() // 60)) if moment else 0


def table_view(game: Game, now: datetime) -> TableView:
    """A game's line on the board, every figure from the engine."""
    state = state_of(game)
    outcome = outcome_of(game, state)
    last_entry = max((h.updated_at for h in game.hands), default=game.created_at)
    return TableView(game, game.table_number or 0, game.table_label, [list(t) for t in game.team_players],
                     game.team_names, state.totals, len(game.hands), minutes_since(last_entry, now), outcome,
                     game.last_hand is not None and not outcome.over)


def tables(session: ClubSession) -> list[TableView]:
    """This round's tables, as the board shows them."""
    now = utcnow()
    return [table_view(game, now) for game in current_games(session)]


def clock_passed(session: ClubSession, now: datetime | None = None) -> bool:
    """True when a timed session's set end time has passed (the server's local clock)."""
    if session.format_kind != "time" or not session.ends_at or session.time_called_at:
        return False
    now = now or datetime.now(timezone.utc).astimezone()
    hour, minute = (int(part) for part in session.ends_at.split(":"))
    return (now.date(), now.hour, now.minute) >= (session.played_on, hour, minute)


def tick(session: ClubSession) -> None:
    """Call time by itself once a timed session's end time has passed."""
    if session.round and clock_passed(session):
        call_time(session)


def call_time(session: ClubSession) -> list[str]:
    """Time! Each game ends once its hand in play is entered (none entered: no result). Returns who still owes."""
    if session.format_kind != "time":
        raise refuse(409, f"This session plays {format_of_session(session)}: time is called only in a timed "
                          "session. End a table's game from the board instead.", "format")
    if not session.round:
        raise refuse(409, "The tables have not been drawn yet: there is nothing to call time on.")
    session.time_called_at = session.time_called_at or utcnow()
    for game in current_games(session):
        if game.last_hand is None and not outcome_of(game, state_of(game)).over:
            game.last_hand = len(game.hands) + 1 if game.hands else 0
            settle(game)
    db.session.commit()
    return [view.label for view in tables(session) if view.owes_last_hand]


def format_of_session(session: ClubSession) -> str:
    """'to the winning score', '8 hands' or 'timed'."""
    return Format(session.format_kind, session.format_hands).words


def settle(game: Game) -> None:
    """Mark the game finished (or not) as its format now says."""
    over = outcome_of(game, state_of(game)).over
    game.ended_at = (game.ended_at or utcnow()) if over else None
    game.finished_at = (game.finished_at or utcnow()) if over else game.finished_at


def end_game(game: Game, version: int | None) -> Outcome:
    """The organiser ends a table's game now: higher total wins, equal a draw, none entered no result."""
    if version is not None and version != game.version:
        raise stale(game)
    outcome = outcome_of(game, state_of(game))
    if outcome.over:
        raise refuse(409, f"{game.table_label or 'This game'} is already over.")
    game.last_hand = len(game.hands)
    settle(game)
    db.session.commit()
    return outcome_of(game, state_of(game))


def results(session: ClubSession) -> tuple[Standing, ...]:
    """Every player ranked over the session's finished games (issue 7 "Results of the day")."""
    finished = []
    for game in games_of(session):
        outcome = outcome_of(game, state_of(game))
        if outcome.decided:
            teams = tuple(tuple(team) for team in game.team_players)
            finished.append(GameResult(teams, outcome.winner, outcome.draw, outcome.margin))
    return rank_players(finished, present(session))
