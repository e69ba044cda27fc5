"""Brakes stored in the database: on guessing table codes, and on opening games in bulk.

Both survive a restart and hold across threads and processes. Arithmetic: README, "Hardening".
"""
from __future__ import annotations

from datetime import datetime, timedelta

from flask import Flask, current_app, request
from sqlalchemy import ForeignKey, Index, UniqueConstraint, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import db
from app.faults import answer
from app.models import Game, utcnow
from app.services import GameError, check_table_code, refuse

#: The row counting wrong codes for a game from every address together.
EVERY_ADDRESS = "*"
#: Wrong codes allowed before a wait: from one address, and for one game from all addresses together.
FREE_PER_ADDRESS = 5
FREE_PER_GAME = 20
#: The first wait (seconds), doubled by each further wrong code, up to LONGEST_WAIT.
FIRST_WAIT = 15
LONGEST_WAIT = 600
#: Wrong codes are forgotten after this long without another one.
FORGET_AFTER = timedelta(hours=1)
#: Games one address may open per minute (the GAMES_PER_MINUTE setting overrides it).
GAMES_PER_MINUTE = 10
CREATING = {"games.new_game", "api.create_game"}


class CodeBrake(db.Model):
    """Wrong table codes for one game from one address (or from EVERY_ADDRESS together)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    address: Mapped[str] = mapped_column(db.String(64))
    failures: Mapped[int] = mapped_column(default=0)
    last_failure_at: Mapped[datetime] = mapped_column(default=utcnow)
    next_try_at: Mapped[datetime] = mapped_column(default=utcnow)
    __table_args__ = (UniqueConstraint("game_id", "address"),)


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


def count_failure(conn, game_id: int, address: str, free: int, now: datetime) -> None:
    """One more wrong code on a brake row (created when missing; reset when forgotten)."""
    row = and_(CodeBrake.game_id == game_id, CodeBrake.address == address)
    forgotten = CodeBrake.last_failure_at <= now - FORGET_AFTER
    bumped = conn.execute(update(CodeBrake).where(row).values(
        failures=db.case((forgotten, 1), else_=CodeBrake.failures + 1), last_failure_at=now))
    if not bumped.rowcount:
        try:
            with conn.begin_nested():
                conn.execute(insert(CodeBrake).values(game_id=game_id, address=address, failures=1,
                                                      last_failure_at=now, next_try_at=now))
        except IntegrityError:      # another thread created it meanwhile: count on it
            conn.execute(update(CodeBrake).where(row).values(failures=CodeBrake.failures + 1))
    failures = conn.scalar(select(CodeBrake.failures).where(row))
    conn.execute(update(CodeBrake).where(row).values(
        next_try_at=now + timedelta(seconds=wait_after(failures, free))))


def record_failure(game_id: int, address: str, now: datetime | None = None) -> None:
    """Count a wrong code against the address and against the game, in their own transaction."""
    now = now or utcnow()
    with db.engine.begin() as conn:
        count_failure(conn, game_id, address, FREE_PER_ADDRESS, now)
        count_failure(conn, game_id, EVERY_ADDRESS, FREE_PER_GAME, now)


def forget_address(game_id: int, address: str) -> None:
    """A right code clears this address's wrong ones (the game's count stays)."""
    with db.engine.begin() as conn:
        conn.execute(delete(CodeBrake).where(CodeBrake.game_id == game_id, CodeBrake.address == address))


def release_code_brake(game: Game | int) -> int:
    """Let every tablet try codes for this game again at once (for the organiser); rows cleared."""
    game_id = game if isinstance(game, int) else game.id
    with db.engine.begin() as conn:
        return conn.execute(delete(CodeBrake).where(CodeBrake.game_id == game_id)).rowcount


def in_words(seconds: int) -> str:
    """'40 seconds', '1 minute', '10 minutes'."""
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = (seconds + 59) // 60
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def check_code_from(address: str | None, game: Game, code: str | None, rows: list | None = None) -> None:
    """Check a typed table code; 429 while this address or this game must wait after wrong codes (`rows`:
    the game's brake rows for this address, when read with the game)."""
    address = short_address(address)
    wait, own_rows = wait_and_own(brake_rows(game.id, address) if rows is None else rows, address)
    if wait:
        raise refuse(429, f"Too many wrong table codes for this game. Please wait {in_words(wait)} and "
                          "try again, or ask the organiser to let this tablet in.", "table_code")
    try:
        check_table_code(game, code)
    except GameError:
        record_failure(game.id, address)
        raise
    if own_rows:                          # a right code clears this address's wrong ones (none: no write)
        forget_address(game.id, address)


def short_address(address: str | None) -> str:
    """The address as the brake rows store it."""
    return (address or "unknown")[:64]


def for_address(address: str):
    """The condition picking a game's brake rows for this address and for every address together."""
    return CodeBrake.address.in_([address, EVERY_ADDRESS])


def braked_or_own(game_id, address, now, forgotten_before):
    """The game's brake rows that a right code must not skip: this address's own (a right code clears them)
    and a wait on every address together (a SQL condition, for app/handwrite.py's guarded write, its values
    from brake_values)."""
    waiting = and_(CodeBrake.address == EVERY_ADDRESS, CodeBrake.next_try_at > now,
                   CodeBrake.last_failure_at > forgotten_before)
    return select(CodeBrake.id).where(CodeBrake.game_id == game_id, or_(CodeBrake.address == address, waiting))


def brake_values(address: str | None, now: datetime) -> dict:
    """The values braked_or_own's condition binds for this address now."""
    return {"address": short_address(address), "forgotten_before": now - FORGET_AFTER}


def brake_rows(game_id: int, address: str) -> list:
    """The game's brake rows for this address and for every address (address, next_try_at, last_failure_at)."""
    query = select(CodeBrake.address, CodeBrake.next_try_at, CodeBrake.last_failure_at).where(
        CodeBrake.game_id == game_id, for_address(address))
    return db.session.execute(query).all()       # on the request's own connection: no second checkout


def wait_and_own(rows: list, address: str, now: datetime | None = None) -> tuple[int, bool]:
    """(seconds this address must wait, whether it has wrong codes counted for this game) from its rows."""
    now = now or utcnow()
    rows = [row for row in rows if row.address is not None]        # a game read with no brake row joined
    until = max((row.next_try_at for row in rows if row.last_failure_at > now - FORGET_AFTER), default=None)
    wait = max(0, int((until - now).total_seconds() + 0.999)) if until and until > now else 0
    return wait, any(row.address == address for row in rows)


def brake_on(game_id: int, address: str, now: datetime | None = None) -> tuple[int, bool]:
    """(seconds this address must wait, whether it has wrong codes counted for this game) in one query."""
    return wait_and_own(brake_rows(game_id, address), address, now)


def games_opened_lately(address: str, now: datetime) -> int:
    """Games this address opened in the last minute."""
    with db.engine.connect() as conn:
        return conn.scalar(select(func.count()).select_from(GameOpened).where(
            GameOpened.address == address, GameOpened.opened_at > now - timedelta(minutes=1)))


def brake_game_creation():
    """Before opening a game: 429 when this address opened GAMES_PER_MINUTE in the last minute."""
    if request.endpoint not in CREATING or request.method != "POST":
        return None
    allowed = int(current_app.config.get("GAMES_PER_MINUTE", GAMES_PER_MINUTE))
    if games_opened_lately((request.remote_addr or "unknown")[:64], utcnow()) >= allowed:
        return answer(429, "Please wait", f"This tablet has opened {allowed} games in the last "
                                          "minute. Please wait a minute before opening another.",
                      {"Retry-After": "60"})
    return None


def count_game_creation(response):
    """After a game was opened: note it (and drop notes older than a minute from this address)."""
    if request.endpoint in CREATING and request.method == "POST" and response.status_code in (201, 302):
        now, address = utcnow(), (request.remote_addr or "unknown")[:64]
        with db.engine.begin() as conn:
            conn.execute(delete(GameOpened).where(GameOpened.address == address,
                                                  GameOpened.opened_at <= now - timedelta(minutes=1)))
            conn.execute(insert(GameOpened).values(address=address, opened_at=now))
    return response


def init_brakes(app: Flask) -> None:
    """Hook the game-opening brake into the requests."""
    app.before_request(brake_game_creation)
    app.after_request(count_game_creation)
