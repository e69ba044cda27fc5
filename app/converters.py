"""URL converters: ids beyond a database integer are simply ids that no row has."""
from werkzeug.routing import IntegerConverter

#: The largest id a database integer column holds: PostgreSQL's BIGINT, the type of a game's and a session's
#: random id (app/store/ids.py).
LARGEST_ID = 2**63 - 1
#: The largest id of the other tables (members, seasons, calls; a hand's number): PostgreSQL's 32-bit integer.
#: Their routes say `<int(max=2147483647):...>` so a larger number finds no route (404).
LARGEST_SMALL_ID = 2**31 - 1


class DatabaseId(IntegerConverter):
    """`<int:...>` in every route: a number too large for the database becomes 0, which no row has,
    so each view answers its own 'not found' instead of the database raising OverflowError."""

    def to_python(self, value: str) -> int:
        number = super().to_python(value)
        return number if number <= LARGEST_ID else 0
