"""PostgreSQL: an unchanged poll's stamp in one round trip, on a connection of the worker thread's own, the club's
rows claimed as for any club's work.

Each worker thread keeps one connection for the polls: taken from the engine once (so it is made as the pool's
are: the same connect arguments, timeouts and checks), then detached from the pool, with the two polls'
statements prepared on it. A poll sends one text: the club's claim (the club role and `treys.club_id`, both
until the transaction ends) and EXECUTE of the prepared statement with the poll's numbers; PostgreSQL runs the
two as one implicit transaction, the claim first, so row security holds for the statement as for any club's
work, and nothing stays set once it ends. The text goes by libpq's PQexec (psycopg's `pq` layer): one C call,
which lets the other threads run while it waits, and the row is read with psycopg's own loaders (the values a
cursor gives the view, so the stamps match). No pool checkout, no cursor, no statement built: psycopg's cursor
alone costs about a bare Flask hello of CPU per statement, PQexec a third of one (docs/benchmarks.md).
The engine's statement events do not see these trips (they are no SQLAlchemy execution; tests count them on
the PollLine). Any failure closes the thread's connection; one that had sat idle is replaced and the poll sent
again once (a PostgreSQL restarted in between), else the poll goes the usual way (Flask, the pool, a 503 the
tablet sends again)."""
from __future__ import annotations

import os
import threading
from collections import namedtuple

from sqlalchemy import event
from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg

from app.store.stamps import news_query, stamp_query
from app.store.tenancy.scope import CLUB_ROLE, row_security_ready
from app.store.people.tokens import token_hash

try:
    from psycopg import Error as PsycopgError
    from psycopg import OperationalError
    from psycopg.adapt import Transformer
    from psycopg.pq import ExecStatus
except ImportError:                   # a SQLite install need not have psycopg
    PsycopgError = None

#: The claim's text (the role is this app's constant; the club a number formatted by %d).
CLAIM = f"SELECT set_config('role', '{CLUB_ROLE}', true), set_config('treys.club_id', '%d', true); ".encode()
#: The prepared statements' names on a poll connection.
PREPARED = {True: b"treys_board_stamp", False: b"treys_game_news"}
#: The statements' own parameters, in the order the polls give them (any other is a default of the statement).
GIVEN = {True: ("session_id", "club_id", "organiser_id", "generation", "key_hash"), False: ("game_id", "club_id")}


def execute_text(name: bytes, compiled, given: tuple[str, ...]) -> tuple[bytes, tuple[int, ...]]:
    """EXECUTE's text for a statement prepared as `name` ($1, $2 ... in the compiled `positiontup` order): a
    %-template, each given parameter a %d (numbers) or a quoted %s (the key's hash: hex digits only, as bytes),
    the defaults written in (numbers, and words of letters, digits and _); and where each slot's value is in
    the given tuple."""
    slots, taken = [], []
    for parameter in compiled.positiontup:
        if parameter in given:
            slots.append(b"'%s'" if parameter == "key_hash" else b"%d")
            taken.append(given.index(parameter))
        else:
            default = compiled.params[parameter]        # the statement's own constants
            if type(default) is int:
                slots.append(b"%d" % default)
            elif isinstance(default, str) and default.isascii() and default.replace("_", "").isalnum():
                slots.append(b"'%s'" % default.encode())
            else:                                        # nothing else is written into the text
                raise TypeError(f"{parameter}: a default {default!r}")
    return b"EXECUTE " + name + b"(" + b", ".join(slots) + b")", tuple(taken)


class Line:
    """One worker thread's poll connection: the driver's connection, its loader, the process it was made in."""

    def __init__(self, driver):
        self.driver = driver
        self.pgconn = driver.pgconn
        self.loader = Transformer(driver)
        self.pid = os.getpid()
        self.used = False
        self.lock = threading.Lock()

    def close(self) -> None:
        try:
            self.driver.close()
        except Exception:              # a connection already gone has nothing left to close
            pass


class PollLine:
    """The two polls' stamps on PostgreSQL: per worker thread a connection and its prepared statements."""

    def __init__(self, engine):
        self.engine = engine
        self.claims: bool | None = None
        self.lines: dict[int, Line] = {}
        self.texts: dict[bool, tuple[bytes, bytes, tuple[int, ...]]] = {}
        self.prepared: list[tuple[bytes, bytes]] = []
        self.rows: dict[bool, type] = {}
        event.listen(engine, "engine_disposed", self.close_all)

    def board_row(self, session_id: int, club_id: int, signed_in: tuple[int, int, str]):
        """The board's stamp row, in the club, with whether the sign-in counts; None when no such session."""
        key_hash = token_hash(signed_in[2]).encode()          # hex digits: written into the text as they are
        return self.run(True, club_id, (session_id, club_id, signed_in[0], signed_in[1], key_hash))

    def news_row(self, game_id: int, club_id: int):
        """The game's news row in the club; None when no such game."""
        return self.run(False, club_id, (game_id, club_id))

    def run(self, board: bool, claimed: int, given: tuple):
        """The statement's one row (None without one), its club's rows claimed for the club `claimed`: on this
        thread's connection, once more on a fresh one when one that had sat idle fails."""
        for last in (False, True):
            line = self.line()
            try:
                return self.trip(line, board, claimed, given)
            except PsycopgError:
                self.drop(line)
                if last or not line.used:
                    raise

    def trip(self, line: Line, board: bool, claimed: int, given: tuple):
        """Send the claim and the EXECUTE as one text; the row as psycopg's cursor would give it."""
        claim, template, taken = self.texts[board]
        text = template % tuple([given[index] for index in taken])
        if claim:
            text = claim % claimed + text
        with line.lock:
            if line.driver.closed:
                raise OperationalError("the poll connection was closed")
            try:
                result = line.pgconn.exec_(text)
            except MemoryError as fault:           # libpq could not even send the text
                raise OperationalError(str(fault)) from None
            if result.status != ExecStatus.TUPLES_OK:
                raise OperationalError(result.error_message.decode(errors="replace").strip())
            line.used = True
            if not result.ntuples:
                return None
            line.loader.set_pgresult(result)
            return line.loader.load_row(0, self.rows[board])

    def line(self) -> Line:
        """This thread's poll connection, made (and its statements prepared) when it has none."""
        line = self.lines.get(threading.get_ident())
        if line is not None and line.pid == os.getpid():
            return line
        if self.claims is None:
            with self.engine.connect() as connection:
                self.claims = row_security_ready(connection)
        if not self.texts:
            self.statements()
        pooled = self.engine.raw_connection()
        line = Line(pooled.driver_connection)
        pooled.detach()                    # ours until closed: the pool makes another in its place
        try:
            for name, statement in self.prepared:
                done = line.pgconn.prepare(name, statement)
                if done.status != ExecStatus.COMMAND_OK:
                    raise OperationalError(done.error_message.decode(errors="replace").strip())
        except Exception:
            line.close()
            raise
        self.lines[threading.get_ident()] = line
        return line

    def statements(self) -> None:
        """The statements' texts (with PostgreSQL's own $1, $2 ..., as PREPARE takes them), the EXECUTE texts
        and the rows' shapes, made once."""
        dollars = PGDialect_psycopg(paramstyle="numeric_dollar")
        for board, name in PREPARED.items():
            query = stamp_query(True) if board else news_query(True)
            compiled = query.compile(dialect=dollars)
            self.prepared.append((name, str(compiled).encode()))
            template, taken = execute_text(name, compiled, GIVEN[board])
            self.texts[board] = (CLAIM if self.claims else b"", template, taken)
            self.rows[board] = tuple if board else namedtuple("NewsRow", query.selected_columns.keys())._make

    def drop(self, line: Line) -> None:
        """Close a thread's poll connection after a failure (the next poll makes another)."""
        if self.lines.get(threading.get_ident()) is line:
            del self.lines[threading.get_ident()]
        line.close()

    def close_all(self, engine=None) -> None:
        """Close every thread's poll connection (the engine was disposed), each once it is not in use."""
        lines, self.lines = self.lines, {}
        for line in lines.values():
            if line.pid == os.getpid():          # never one a parent process made
                with line.lock:
                    line.close()


def poll_line_for(engine) -> PollLine | None:
    """The poll connections where the database is PostgreSQL; None elsewhere (SQLite: a function call)."""
    return PollLine(engine) if engine.dialect.name == "postgresql" else None


#: The faults of a poll on its own connection that send it the usual way.
FAULTS = (PsycopgError,) if PsycopgError is not None else ()
