"""The session on the clock: call time, the board's view of every table, the results of the day."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from app.store.club.sessions import current_games, games_of, present
from app.rules.outcome import Format, FormatKind, Outcome, OutcomeState
from app.rules.ranking import GameResult, Standing, rank_players
from app.store.club import afternoon
from app.store.game import games as store
from app.store.game.states import state_of
from app.store.game.bulk import read_games
from app.store.club.reads import hand_fact_rows
from app.store.club.models import ClubSession
from app.store.game.ending import session_clock, time_called_moment
from app.store.game.gamelog import Actor
from app.store.club.sessionlog import SessionEventKind, save_session_change
from app.store.game.models import Game, utcnow
from app.rules.refusal import RefusalKind, refuse
from app.rules.codes import Code


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
    last_entry: datetime               # the last hand's entry, or the game's start (UTC): "N min ago" is since
    now: datetime                      # when the board was read (UTC)
    outcome: Outcome
    awaiting: int | None = None        # the first hand waiting for agreement (a session that asks for it)

    @property
    def quiet_minutes(self) -> int:
        """Whole minutes from the last entry to when the board was read."""
        return minutes_since(self.last_entry, self.now)

    @property
    def owes_last_hand(self) -> bool:
        """Time was called and this table has still to enter the hand in play."""
        return self.outcome.owes_hand

    @property
    def counted(self) -> bool:
        """True when every hand counts on the board (agreed, or the session does not ask)."""
        return self.awaiting is None

    @property
    def over(self) -> bool:
        """The game is over and every hand of it counts on the board (the afternoon's own rule)."""
        return afternoon.table_over(self.outcome, self.awaiting)

    @property
    def result_words(self) -> str:
        """Who won, a draw, no result, a hand awaiting agreement, still owes its last hand, or playing."""
        if not self.counted:
            return f"Hand {self.awaiting} awaiting agreement"
        state = self.outcome.state
        if state == OutcomeState.NO_RESULT:
            return "Ended: no result"
        if state == OutcomeState.DRAWN:
            return "Draw"
        if state == OutcomeState.WON:
            return f"Won by {self.team_names[self.outcome.winner]}"
        return "Owes its last hand" if self.owes_last_hand else "Playing"

    @property
    def facts_words(self) -> str:
        """'No hand yet · started 3 min ago', '1 hand · last entry just now', '4 hands · last entry 12 min ago'."""
        ago = "just now" if self.quiet_minutes == 0 else f"{self.quiet_minutes} min ago"
        if self.hands == 0:
            return f"No hand yet · started {ago}"
        return f"{self.hands} hand{'s' if self.hands != 1 else ''} · last entry {ago}"

    @property
    def last_entry_at(self) -> str:
        """The last entry as the board's page reads it ('2026-11-29T14:05:09Z'): the page works out "N min ago"
        from it with the server's clock, so the board's stamp needs no minute (app/store/club/reads.py)."""
        return self.last_entry.replace(tzinfo=timezone.utc, microsecond=0).isoformat().replace("+00:00", "Z")

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
            "outcome": self.outcome.as_dict(), "status": self.result_words, "facts": self.facts_words,
            "awaiting_agreement": self.awaiting, "counted": self.counted,
        }


def minutes_since(moment: datetime | None, now: datetime) -> int:
    """Whole minutes from a stored UTC time to now."""
    return max(0, int((now - moment).total_seconds() // 60)) if moment else 0


@dataclass(frozen=True)
class HandFacts:
    """What the board needs of a game's hands without loading them: how many, the last entry, the first hand
    still waiting for agreement."""

    count: int = 0
    last_entry: datetime | None = None
    first_unagreed: int | None = None


def hand_facts(game_ids: list[int]) -> dict[int, HandFacts]:
    """The hand facts of these games in one GROUP BY statement (a game with no hand is missing)."""
    if not game_ids:
        return {}
    rows = hand_fact_rows(game_ids)
    return {game_id: HandFacts(count, last, first) for game_id, count, last, first in rows}


def table_view(game: Game, now: datetime, agreement: bool = False, facts: HandFacts | None = None) -> TableView:
    """A game's line on the board, every figure and the outcome from the engine; in a session that asks for
    agreement the totals are those of the hands agreed so far (the engine's scores are unchanged). `facts`:
    the game's hand facts when read in bulk (else read for this game alone)."""
    facts = hand_facts([game.id]).get(game.id, HandFacts()) if facts is None else facts
    state = state_of(game)
    awaiting = facts.first_unagreed if agreement else None
    totals = state.totals if awaiting is None else state.totals_before(awaiting)
    return TableView(game, game.table_number or 0, game.table_label, [list(t) for t in game.team_players],
                     game.team_names, totals, facts.count, facts.last_entry or game.created_at, now, state.outcome,
                     awaiting)


def round_games(session: ClubSession) -> list[Game]:
    """This round's games by table number, with their teams, players and states in a fixed number of statements
    (app/store/game/bulk.py), a deleted one too (none before the first draw)."""
    if not session.round:
        return []
    return read_games(Game.session_id == session.id, Game.session_round == session.round,
                      order=(Game.session_round, Game.table_number))


def tables(session: ClubSession, games: list[Game] | None = None) -> list[TableView]:
    """This round's tables, as the board shows them: the round's games (round_games; `games` when already read),
    their hands counted in one more statement, whatever the tables and hands; a game deleted (started by mistake)
    is no table, as its outcome says."""
    if not session.round:
        return []
    now = utcnow()
    games = round_games(session) if games is None else games
    facts = hand_facts([game.id for game in games])
    views = [table_view(game, now, bool(session.agreement), facts.get(game.id, HandFacts())) for game in games]
    return [view for view in views if view.outcome.listed]      # a deleted game leaves the tables


def time_is_called(session: ClubSession) -> bool:
    """True once the tables are drawn and the organiser called time, or the session's set end time has passed
    (worked out when asked, never written by a reader)."""
    return bool(session.round) and time_called_moment(session) is not None


def clock_document(session: ClubSession) -> dict | None:
    """The session's clock (minutes left, the warning, time called) as the board and the API give it; None
    without a set end time."""
    clock = session_clock(session)
    return None if clock is None else clock.as_dict()


def call_time(session: ClubSession, actor: Actor) -> list[str]:
    """Time! Each table's hand in play is its last (hand 1 at a table with none yet), each call on its game's
    record, all in one transaction. Returns the tables that still owe their hand."""
    if session.format_kind != FormatKind.TIME:
        raise refuse(RefusalKind.CONFLICT,
                     f"This session plays {format_of_session(session)}: time is called only in a "
                     "timed session. End a table's game from the board instead.", "format", Code.TIME_NOT_TIMED)
    if not session.round:
        raise refuse(RefusalKind.CONFLICT,
                     "The tables have not been drawn yet: there is nothing to call time on.", None,
                     Code.SESSION_NOT_DRAWN)
    if session.time_called_at is not None:
        raise refuse(RefusalKind.CONFLICT, "Time has already been called.", None, Code.TIME_ALREADY_CALLED)
    session.time_called_at = utcnow()
    for game in current_games(session):
        state = state_of(game)
        if not state.game_over and state.last_hand is None:
            store.call_time(game, actor=actor, save=False)
    views = tables(session)
    owing = [view.label for view in views if view.owes_last_hand]
    afternoon.mark_if_over(session, views)       # every table had finished: the afternoon ends now
    save_session_change(session, SessionEventKind.TIME_CALLED, actor,
                        "Time called" + (f": still to enter their last hand: {', '.join(owing)}." if owing else "."))
    return owing


def format_of_session(session: ClubSession) -> str:
    """'to the winning score', '8 hands' or 'timed'."""
    return Format.of(session.format_kind, session.format_hands).words


def results(session: ClubSession, games: list[Game] | None = None) -> tuple[Standing, ...]:
    """Every player ranked over the session's games that have a result (results of the day); `games`: the
    session's games when already read."""
    games = games_of(session) if games is None else games
    finished = [GameResult.of(game.team_players, state_of(game).outcome) for game in games]
    return rank_players([result for result in finished if result is not None], present(session))
