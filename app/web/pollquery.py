"""PostgreSQL: an unchanged poll's statement in one round trip, the club's rows claimed as for any club's work.

psycopg sends BEGIN, the club's claim (the club role and `treys.club_id`: row security), the stamp's statement
and ROLLBACK as four round trips, each some 0.07 ms of the process's CPU (docs/benchmarks.md). Here they go as
one text (psycopg's client-side binding, PostgreSQL's simple query: each statement planned after the one before
has run, so the claim holds for the stamp's statement), on a pooled connection. Any failure drops the
connection from the pool and the poll goes the usual way."""
from __future__ import annotations

try:
    from psycopg import Error as PsycopgError
except ImportError:                   # a SQLite install need not have psycopg
    PsycopgError = None

from app.store.club_reads import news_query, stamp_params, stamp_query
from app.store.tenancy import CLUB_ROLE, row_security_ready

CLAIM = ("SELECT set_config('role', %(treys_role)s, true) AS role, "
         "set_config('treys.club_id', %(treys_club)s, true) AS club; ")


class OneTrip:
    """The two polls' statements made once for this engine's PostgreSQL, sent with their claim in one text."""

    def __init__(self, engine):
        self.engine = engine
        self.claims: bool | None = None
        self.texts: dict[bool, tuple[str, dict]] = {}

    def statement(self, board: bool) -> tuple[str, dict]:
        """The whole text for a board's or a tablet's poll, and its parameters' defaults."""
        if board not in self.texts:
            if self.claims is None:
                with self.engine.connect() as connection:
                    self.claims = row_security_ready(connection)
            compiled = (stamp_query(True) if board else news_query(True)).compile(dialect=self.engine.dialect)
            whole = "BEGIN; " + (CLAIM if self.claims else "") + str(compiled) + "; ROLLBACK"
            self.texts[board] = (whole, dict(compiled.params))
        return self.texts[board]

    def board_row(self, session_id: int, club_id: int, signed_in: tuple[int, int, str]):
        """The board's stamp row, in the club, with whether the sign-in counts; None when no such session."""
        return self.run(True, stamp_params(session_id, club_id, signed_in), club_id)

    def news_row(self, game_id: int, club_id: int):
        """The game's news row in the club; None when no such game."""
        return self.run(False, {"game_id": game_id, "club_id": club_id}, club_id)

    def run(self, board: bool, params: dict, club_id: int):
        """Send the text, read the stamp's row (the third result with the claim, else the second)."""
        from psycopg import ClientCursor
        from psycopg.rows import namedtuple_row
        whole, defaults = self.statement(board)
        params = {**defaults, **params, "treys_role": CLUB_ROLE, "treys_club": str(club_id)}
        pooled = self.engine.raw_connection()
        try:
            driver = pooled.driver_connection
            driver.autocommit = True             # the text holds its own BEGIN and ROLLBACK
            try:
                cursor = ClientCursor(driver, row_factory=namedtuple_row)
                for listen in self.engine.dispatch.before_cursor_execute:       # the engine's statement counters
                    listen(None, cursor, whole, params, None, False)
                cursor.execute(whole, params)
                for _ in range(2 if self.claims else 1):
                    cursor.nextset()
                row = cursor.fetchone()
            finally:
                driver.autocommit = False
        except Exception:
            pooled.invalidate()
            raise
        finally:
            pooled.close()
        return row


def one_trip_for(engine) -> OneTrip | None:
    """The one-trip statements where the database is PostgreSQL; None elsewhere (SQLite: a function call)."""
    return OneTrip(engine) if engine.dialect.name == "postgresql" else None



#: The faults of a one-trip poll that send it the usual way.
FAULTS = (PsycopgError,) if PsycopgError is not None else ()
