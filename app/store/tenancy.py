"""Clubs as tenants: the club a piece of work is for, and the one filter that keeps every query inside it."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone

from sqlalchemy import ForeignKey, event, func, insert, select, text
from sqlalchemy.orm import Mapped, Session, mapped_column, with_loader_criteria

from app.extensions import db

#: The execution option that lets one statement read across clubs (signing in by name, a link's club).
ALL_CLUBS = {"all_clubs": True}
#: The PostgreSQL role whose rows the row-level security policies filter (app/store/row_security.py).
CLUB_ROLE = "treys_club"

_club_in_scope: ContextVar[int | None] = ContextVar("treys_club_in_scope", default=None)
#: Tests switch the store's filter off to show that PostgreSQL's policies hold on their own.
_filter_on: ContextVar[bool] = ContextVar("treys_club_filter_on", default=True)


class Club(db.Model):
    """A club hosted here: its name and the short slug the command line names it by."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(80))
    slug: Mapped[str] = mapped_column(db.String(40), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=lambda: datetime.now(timezone.utc).replace(tzinfo=None))


#: The club every install starts with (its name on pages is the CLUB_NAME setting), slug "club".
HOME_CLUB = {"name": "Treys card club", "slug": "club"}


@event.listens_for(Club.__table__, "after_create")
def _first_club(table, connection, **kw):
    """A new database has its first club from the start: a single-club install never sees another."""
    connection.execute(insert(table).values(created_at=datetime.now(timezone.utc).replace(tzinfo=None),
                                            **HOME_CLUB))


def home_club_id(connection=None) -> int:
    """The first club: a single-club install has only this one."""
    query = select(func.min(Club.id))
    return (connection.scalar(query) if connection is not None else db.session.scalar(query)) or 0


def name_of_club(first_club_name: str, first_club_id: int | None = None) -> str:
    """The name of the club in scope: the first club goes by the CLUB_NAME setting, the others by their own
    (`first_club_id`: the first club's id where the caller knows it already)."""
    club_id = _club_in_scope.get()
    if club_id is None or club_id == (first_club_id or home_club_id()):
        return first_club_name
    club = db.session.get(Club, club_id)
    return club.name if club is not None else first_club_name


def current_club_id(context=None) -> int:
    """The club a new row belongs to: the one in scope, else the first club (`context`: SQLAlchemy's, when
    called as a column default while a row is inserted)."""
    return _club_in_scope.get() or home_club_id(context.connection if context is not None else None)


class ClubOwned:
    """Mixin of every table a club owns: the row's club, filled from the club in scope when it is made."""

    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True,
                                         default=current_club_id)


def use_club(club_id: int | None) -> None:
    """From now on this request or command works for this club (None: for none in particular)."""
    _club_in_scope.set(club_id)
    if club_id is not None and db.session().in_transaction():
        claim_rows(db.session.connection(), club_id)


def claim_rows(connection, club_id: int) -> None:
    """On PostgreSQL with row-level security: this transaction acts as the club role, for this club only."""
    if connection.dialect.name != "postgresql" or not row_security_ready(connection):
        return
    connection.execute(text("SELECT set_config('role', :role, true), set_config('treys.club_id', :club, true)"),
                       {"role": CLUB_ROLE, "club": str(club_id)})


def row_security_ready(connection) -> bool:
    """True when this database has the club role and its policies (both made by the migrations)."""
    info = connection.info
    if "treys_row_security" not in info:
        info["treys_row_security"] = bool(connection.execute(text(
            "SELECT count(*) FROM pg_roles r JOIN pg_class c ON c.relname = 'game' AND c.relrowsecurity "
            "AND pg_table_is_visible(c.oid) WHERE r.rolname = :role"), {"role": CLUB_ROLE}).scalar())
    return info["treys_row_security"]


@contextmanager
def in_club(club_id: int):
    """Work for one club for a while (the command line, a restore, tests), then back to what was before."""
    token = _club_in_scope.set(club_id)
    try:
        if db.session().in_transaction():
            claim_rows(db.session.connection(), club_id)
        yield
    finally:
        _club_in_scope.reset(token)


@contextmanager
def store_filter_off():
    """Tests only: the store's filter steps aside, so what stays hidden is hidden by the database alone."""
    token = _filter_on.set(False)
    try:
        yield
    finally:
        _filter_on.reset(token)


def forget_club() -> None:
    """The request is over: the next one on this thread starts with no club."""
    _club_in_scope.set(None)


@event.listens_for(Session, "after_begin")
def _transaction_for_club(session, transaction, connection):
    """Each new transaction of a club's work claims that club's rows (PostgreSQL's policies)."""
    club_id = _club_in_scope.get()
    if club_id is not None:
        claim_rows(connection, club_id)


@event.listens_for(Session, "do_orm_execute")
def _only_this_club(state):
    """Every ORM read, update and delete of a club's work sees that club's rows only: the one filter."""
    club_id = _club_in_scope.get()
    if (club_id is None or not _filter_on.get() or state.execution_options.get("all_clubs")
            or state.is_column_load or state.is_relationship_load):
        return
    if state.is_select or state.is_update or state.is_delete:
        state.statement = state.statement.options(
            with_loader_criteria(ClubOwned, lambda cls: cls.club_id == club_id, include_aliases=True,
                                propagate_to_loaders=False))
