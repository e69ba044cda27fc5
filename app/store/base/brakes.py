"""Brakes stored in the database: on guessing table codes or passwords, and on opening games in bulk.

Both survive a restart and hold across threads and processes. Arithmetic: docs/hosting.md, "The table-code brake".
Only the counting is here: the requests are read and answered at the web's edge (app/server/opening_brake.py).
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ForeignKey, Index, UniqueConstraint, and_, case, delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import db
from app.store.base.ids import PublicIdType
from app.store.tenancy.scope import ClubOwned, club_transaction
from app.store.game.models import Game, utcnow
from app.store.game.games import check_table_code
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.rules.codes import Code

#: The row counting wrong codes for a game from every address together.
EVERY_ADDRESS = "*"
#: Wrong codes allowed before a wait: from one address, and for one game from all addresses together.
FREE_PER_ADDRESS = 5
FREE_PER_GAME = 20
#: The first wait (seconds), doubled by each further wrong code, up to LONGEST_WAIT.
FIRST_WAIT = 15
LONGEST_WAIT = 600
#: Wrong passwords allowed before a wait: for one organiser name, and from one address (several names).
FREE_PER_ACCOUNT = 5
FREE_LOGINS_PER_ADDRESS = 10
#: Wrong codes are forgotten after this long without another one.
FORGET_AFTER = timedelta(hours=1)


class CodeBrake(ClubOwned, db.Model):
    """Wrong table codes for one game from one address (or from EVERY_ADDRESS together)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("game.id", ondelete="CASCADE"), index=True)
    address: Mapped[str] = mapped_column(db.String(64))
    failures: Mapped[int] = mapped_column(default=0)
    last_failure_at: Mapped[datetime] = mapped_column(default=utcnow)
    next_try_at: Mapped[datetime] = mapped_column(default=utcnow)
    __table_args__ = (UniqueConstraint("game_id", "address"),)


class LoginBrake(db.Model):
    """Wrong passwords for one organiser name ('name:margaret') or from one address ('address:10.0.0.7')."""

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(db.String(100), unique=True)
    failures: Mapped[int] = mapped_column(default=0)
    last_failure_at: Mapped[datetime] = mapped_column(default=utcnow)
    next_try_at: Mapped[datetime] = mapped_column(default=utcnow)


class GameOpened(db.Model):
    """One game opened from one address, for the rate limit on opening games."""

    id: Mapped[int] = mapped_column(primary_key=True)
    address: Mapped[str] = mapped_column(db.String(64))
    opened_at: Mapped[datetime] = mapped_column(default=utcnow)
    __table_args__ = (Index("ix_game_opened_address_opened_at", "address", "opened_at"),)


def wait_after(failures: int, free: int) -> int:
    """Seconds to wait after this many wrong codes: none while free, then 15, 30, 60 ... up to 600."""
    if failures < free:
        return 0
    return min(FIRST_WAIT * 2 ** min(failures - free, 10), LONGEST_WAIT)


def seconds_to_wait(game_id: int, address: str, now: datetime | None = None) -> int:
    """How long this address must wait before its next code for this game (0: go ahead)."""
    return brake_on(game_id, address, now)[0]


def count_on(conn, model, keys: dict, free: int, now: datetime) -> int:
    """One more wrong guess on the brake row with these keys (a CodeBrake or LoginBrake), counted in one
    atomic statement (the row made when missing, restarted when forgotten): the count after it, so that of
    guesses sent at the same moment exactly `free` find the count still free. Its wait is set after."""
    table = model.__table__
    upsert = (postgresql_insert if conn.dialect.name == "postgresql" else sqlite_insert)(table)
    forgotten = table.c.last_failure_at <= now - FORGET_AFTER
    failures = conn.execute(upsert.values(**keys, failures=1, last_failure_at=now, next_try_at=now)
                            .on_conflict_do_update(index_elements=list(keys), set_={
                                "failures": case((forgotten, 1), else_=table.c.failures + 1),
                                "last_failure_at": now}).returning(table.c.failures)).scalar_one()
    until = now + timedelta(seconds=wait_after(failures, free))
    row = and_(*(table.c[key] == value for key, value in keys.items()))
    conn.execute(update(table).where(row, table.c.next_try_at < until).values(next_try_at=until))
    return failures


def count_failure(conn, game_id: int, address: str, free: int, now: datetime) -> int:
    """One more wrong code on a game's brake row: the count after it."""
    return count_on(conn, CodeBrake, {"game_id": game_id, "address": address}, free, now)


def record_failure(game_id: int, address: str, now: datetime | None = None) -> bool:
    """Count a wrong code against the address and against the game, in their own transaction; True when
    this code came beyond the wrong codes allowed (sent at the same moment as others: refuse it as a wait)."""
    now = now or utcnow()
    with club_transaction() as conn:
        own = count_failure(conn, game_id, address, FREE_PER_ADDRESS, now)
        every = count_failure(conn, game_id, EVERY_ADDRESS, FREE_PER_GAME, now)
    return own > FREE_PER_ADDRESS or every > FREE_PER_GAME


def forget_address(game_id: int, address: str) -> None:
    """A right code clears this address's wrong ones (the game's count stays)."""
    with club_transaction() as conn:
        conn.execute(delete(CodeBrake).where(CodeBrake.game_id == game_id, CodeBrake.address == address))


def release_code_brake(game: Game | int) -> int:
    """Let every tablet try codes for this game again at once (for the organiser); rows cleared."""
    game_id = game if isinstance(game, int) else game.id
    with club_transaction() as conn:
        return conn.execute(delete(CodeBrake).where(CodeBrake.game_id == game_id)).rowcount


def in_words(seconds: int) -> str:
    """'40 seconds', '1 minute', '10 minutes'."""
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = (seconds + 59) // 60
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def check_code_from(address: str | None, game: Game, code: str | None, rows: list | None = None) -> None:
    """Check a typed table code; a THROTTLED refusal while this address or this game must wait after wrong codes (`rows`:
    the game's brake rows for this address, when read with the game)."""
    address = short_address(address)
    wait, own_rows = wait_and_own(brake_rows(game.id, address) if rows is None else rows, address)
    if wait:
        raise too_many_codes(wait)
    try:
        check_table_code(game, code)
    except Refusal:
        if record_failure(game.id, address):      # beyond the allowance, sent with others at once
            raise too_many_codes(FIRST_WAIT) from None
        raise
    if own_rows:                          # a right code clears this address's wrong ones (none: no write)
        forget_address(game.id, address)


def too_many_codes(wait: int) -> Refusal:
    """The answer while a tablet must wait after wrong codes."""
    return refuse(RefusalKind.THROTTLED, f"Too many wrong table codes for this game. Please wait {in_words(wait)} and "
                       "try again, or ask the organiser to let this tablet in.", "table_code", Code.CODE_WAIT,
                  retry_after=max(1, wait))


def short_address(address: str | None) -> str:
    """The address as the brake rows store it."""
    return (address or "unknown")[:64]


def for_address(address: str):
    """The condition picking a game's brake rows for this address and for every address together."""
    return CodeBrake.address.in_([address, EVERY_ADDRESS])


def brake_rows(game_id: int, address: str) -> list:
    """The game's brake rows for this address and for every address (address, next_try_at, last_failure_at)."""
    query = select(CodeBrake.address, CodeBrake.next_try_at, CodeBrake.last_failure_at).where(
        CodeBrake.game_id == game_id, for_address(address))
    return db.session.execute(query).all()       # on the request's own connection: no second checkout


def wait_and_own(rows: list, address: str, now: datetime | None = None) -> tuple[int, bool]:
    """(seconds this address must wait, whether it has wrong codes counted for this game) from its rows."""
    now = now or utcnow()
    rows = [row for row in rows if row.address is not None]        # a game read with no brake row joined
    return wait_from(rows, now), any(row.address == address for row in rows)


def wait_from(rows: list, now: datetime) -> int:
    """Seconds to wait from brake rows (next_try_at, last_failure_at): only a row whose count set a wait holds
    a tablet or a name back. A count still free leaves next_try_at at its own moment, which a request that read
    the clock a moment earlier would otherwise take for a wait of a fraction of a second (rounded up to 1 s)."""
    until = max((row.next_try_at for row in rows
                 if row.last_failure_at > now - FORGET_AFTER and row.next_try_at > row.last_failure_at), default=None)
    return max(0, int((until - now).total_seconds() + 0.999)) if until and until > now else 0


def brake_on(game_id: int, address: str, now: datetime | None = None) -> tuple[int, bool]:
    """(seconds this address must wait, whether it has wrong codes counted for this game) in one query."""
    return wait_and_own(brake_rows(game_id, address), address, now)


def login_keys(name: str, address: str | None) -> dict[str, int]:
    """The login brake rows a try counts on, with the wrong passwords each allows: the name's, the address's."""
    return {f"name:{name.strip().lower().replace(chr(0), '')[:60]}": FREE_PER_ACCOUNT,
            f"address:{short_address(address)}": FREE_LOGINS_PER_ADDRESS}


def login_wait(keys: dict[str, int], now: datetime | None = None) -> int:
    """Seconds to wait before the next password for this name from this address (0: go ahead)."""
    now = now or utcnow()
    with db.engine.connect() as conn:          # the host's table, read whatever club the request is for
        rows = conn.execute(select(LoginBrake.next_try_at, LoginBrake.last_failure_at).where(
            LoginBrake.key.in_(list(keys)))).all()
    return wait_from(rows, now)


def count_login_failure(keys: dict[str, int], now: datetime | None = None) -> bool:
    """Count a wrong password on the name and the address (one atomic statement each); True when this one
    came beyond the allowance (sent with others at once: answer it as braked)."""
    now = now or utcnow()
    with db.engine.begin() as conn:
        beyond = [count_on(conn, LoginBrake, {"key": key}, free, now) > free for key, free in keys.items()]
    return any(beyond)


def forget_login_failures(keys: dict[str, int]) -> None:
    """A right password clears the name's and the address's wrong ones (a read when there are none: signing in
    to read a page writes nothing)."""
    with db.engine.begin() as conn:
        if conn.scalar(select(LoginBrake.key).where(LoginBrake.key.in_(list(keys))).limit(1)) is not None:
            conn.execute(delete(LoginBrake).where(LoginBrake.key.in_(list(keys))))


def games_opened_lately(address: str, now: datetime) -> int:
    """Games this address opened in the last minute."""
    with db.engine.connect() as conn:
        return conn.scalar(select(func.count()).select_from(GameOpened).where(
            GameOpened.address == address, GameOpened.opened_at > now - timedelta(minutes=1)))


def note_game_opened(address: str, now: datetime) -> None:
    """Note a game this address opened (and drop its notes older than a minute)."""
    with db.engine.begin() as conn:
        conn.execute(delete(GameOpened).where(GameOpened.address == address,
                                              GameOpened.opened_at <= now - timedelta(minutes=1)))
        conn.execute(insert(GameOpened).values(address=address, opened_at=now))
