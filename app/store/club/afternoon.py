"""The afternoon's end, decided in one place: every table's game over and counted on the board (agreed, where the
session asks), one with a result, and time called. The board reads it, and the write that ends the afternoon
marks its results as due in its own transaction, for the outbox to email (app/members/results_mail.py)."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from app.extensions import db
from app.rules.outcome import Outcome
from app.store.club.models import ClubSession
from app.store.club.reads import hand_fact_rows
from app.store.game.bulk import read_games
from app.store.game.ending import time_called_moment
from app.store.game.models import Game, utcnow
from app.store.game.states import state_of
from app.store.tenancy.scope import ALL_CLUBS


def table_over(outcome: Outcome, awaiting: int | None) -> bool:
    """A table has finished: its game is over and every hand of it counts (none waits for agreement)."""
    return outcome.over and awaiting is None


@dataclass(frozen=True)
class TableEnd:
    """What the afternoon's end needs of one table: its game's outcome and the first hand waiting for agreement."""

    outcome: Outcome
    awaiting: int | None

    @property
    def over(self) -> bool:
        """The table has finished (table_over)."""
        return table_over(self.outcome, self.awaiting)


def tables_over(views) -> bool:
    """True once every table of the round has finished (each view has `over`, as the board's tables do)."""
    return bool(views) and all(view.over for view in views)


def round_ends(session: ClubSession) -> list[TableEnd]:
    """The round's tables as their end needs them (a deleted game is no table): a fixed number of statements."""
    games = read_games(Game.session_id == session.id, Game.session_round == session.round)
    first_unagreed = {row[0]: row[3] for row in hand_fact_rows([game.id for game in games])} if games else {}
    ends = [TableEnd(state_of(game).outcome, first_unagreed.get(game.id) if session.agreement else None)
            for game in games]
    return [end for end in ends if end.outcome.listed]


def afternoon_over(session: ClubSession, views=None) -> bool:
    """The afternoon is over: time is called (or its set end time passed), and every table's game of the round is
    over and counts on the board, one of them with a result (`views`: the round's tables when already read)."""
    if time_called_moment(session) is None or not session.round:
        return False
    views = round_ends(session) if views is None else views
    return tables_over(views) and any(view.outcome.decided for view in views)


def mark_if_over(session: ClubSession | None, views=None) -> None:
    """Within the write that may end the afternoon (a hand, an agreement, time called, a game ended): when it is
    over, its results are due (saved by that write's commit, or not at all)."""
    if session is not None and session.results_due_at is None and afternoon_over(session, views):
        session.results_due_at = utcnow()


def mark_game_if_over(game: Game) -> None:
    """mark_if_over for the session of a table's game (nothing for a casual game)."""
    if game.session_id is not None:
        mark_if_over(db.session.get(ClubSession, game.session_id))


def due_afternoons(every_club: bool = False) -> list[ClubSession]:
    """The afternoons whose results are due (of the club in scope, or of every club)."""
    query = select(ClubSession).where(ClubSession.results_due_at.is_not(None)).order_by(ClubSession.results_due_at)
    return list(db.session.scalars(query.execution_options(**ALL_CLUBS) if every_club else query))


def results_taken(session: ClubSession) -> None:
    """The afternoon's results are in the outbox (or its club sends none): not due any more (saved with the
    emails queued)."""
    session.results_due_at = None


def no_results_sent(session: ClubSession) -> None:
    """The club sends no results by email (or the install has no mail server): not due any more, saved now."""
    results_taken(session)
    db.session.commit()
