"""Clubs as tenants: the club a piece of work is for, and the one filter that keeps every query inside it."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import NamedTuple

from sqlalchemy import ForeignKey, event, func, insert, select, text
from sqlalchemy.orm import Mapped, Session, mapped_column, with_loader_criteria

from app.extensions import db

#: The execution option that lets one statement read across clubs (signing in by name, a link's club).
ALL_CLUBS = {"all_clubs": True}
#: The PostgreSQL role whose rows the row-level security policies filter (app/store/tenancy/row_security.py).
CLUB_ROLE = "treys_club"
#: The PostgreSQL role of the host's own tables (the brakes on passwords and on opening games) and look-ups.
HOST_ROLE = "treys_host"

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


def host_lookup(what: str, key, plain, connection=None):
    """One answer about the whole host, needed before a request's club is known (which club a game or an
    account name is in, how many clubs there are). On PostgreSQL with the hosting guide's roles the app sees no
    club's rows then, so the database's look-up function answers (app/store/tenancy/row_security.py); elsewhere the
    `plain` query, across every club."""
    on = connection if connection is not None else db.session.connection()
    if on.dialect.name == "postgresql" and host_lookups_ready(on):
        return on.execute(text("SELECT treys_host_lookup(:what, :key)"), {"what": what, "key": str(key)}).scalar()
    if connection is not None:
        return connection.execute(plain).scalar()
    return db.session.execute(plain.execution_options(**ALL_CLUBS)).scalar()


def host_lookup_with_first(what: str, key, plain) -> tuple[int | None, int | None]:
    """`host_lookup`, and the first club's id read in the same statement (the page's club name needs it)."""
    on = db.session.connection()
    if on.dialect.name == "postgresql" and host_lookups_ready(on):
        row = on.execute(text("SELECT treys_host_lookup(:what, :key), treys_host_lookup('first_club', '')"),
                         {"what": what, "key": str(key)}).first()
    else:
        first = select(func.min(Club.id)).scalar_subquery()
        row = db.session.execute(plain.add_columns(first).execution_options(**ALL_CLUBS)).first()
    return (row[0], row[1]) if row is not None else (None, None)


def database_guards_clubs() -> bool:
    """True where the database itself keeps the clubs apart before a club is chosen (PostgreSQL with the host's
    look-ups): a look-up across the clubs must then go through them."""
    connection = db.session.connection()
    return connection.dialect.name == "postgresql" and host_lookups_ready(connection)


def host_lookups_ready(connection) -> bool:
    """True when this database has the look-up functions (made by the migrations)."""
    info = connection.info
    if "treys_host_lookups" not in info:
        info["treys_host_lookups"] = connection.execute(text(
            "SELECT to_regprocedure('treys_host_lookup(text, text)') IS NOT NULL")).scalar()
    return info["treys_host_lookups"]


def home_club_id(connection=None) -> int:
    """The first club: a single-club install has only this one."""
    return host_lookup("first_club", "", select(func.min(Club.id)), connection) or 0


class SignInAccount(NamedTuple):
    """What signing in needs of the account with a name, before its club is known."""

    id: int
    club_id: int
    password_hash: str


def account_for_sign_in(name: str) -> SignInAccount | None:
    """The account with this name (names are unique across the host), from any club."""
    connection = db.session.connection()
    if connection.dialect.name == "postgresql" and host_lookups_ready(connection):
        row = connection.execute(text("SELECT * FROM treys_account_for_sign_in(:name)"), {"name": name}).first()
    else:
        accounts = db.metadata.tables["organiser"]       # its model (people/models.py) is built on this module
        row = db.session.execute(select(accounts.c.id, accounts.c.club_id, accounts.c.password_hash)
                                 .where(accounts.c.name == name).execution_options(**ALL_CLUBS)).first()
    return SignInAccount(*row) if row is not None else None


def club_in_scope() -> int | None:
    """The club this request or command works for, if chosen yet."""
    return _club_in_scope.get()


def club_count() -> int:
    """How many clubs this Treys hosts (one: a single-club install)."""
    return host_lookup("clubs", "", select(func.count(Club.id))) or 0


def club_of_slug(slug: str) -> int | None:
    """The id of the club with this slug, or None."""
    return host_lookup("club_slug", slug, select(Club.id).where(Club.slug == slug))


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


#: The claim's statement, made once (every club's request and every unchanged poll runs it).
CLAIM = text("SELECT set_config('role', :role, true), set_config('treys.club_id', :club, true)")


def claim_rows(connection, club_id: int) -> None:
    """On PostgreSQL with row-level security: this transaction acts as the club role, for this club only."""
    if connection.dialect.name != "postgresql" or not row_security_ready(connection):
        return
    connection.execute(CLAIM, {"role": CLUB_ROLE, "club": str(club_id)})


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
def club_transaction():
    """A transaction of its own on a connection of its own (a brake's count, kept whatever the request does),
    for the club in scope: yields the connection."""
    with db.engine.begin() as connection:
        club_id = _club_in_scope.get()
        if club_id is not None:
            claim_rows(connection, club_id)
        yield connection


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
