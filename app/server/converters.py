"""URL converters: ids beyond a database integer are simply ids that no row has."""
from werkzeug.routing import IntegerConverter

from app.store.base.ids import LARGEST_ID


class DatabaseId(IntegerConverter):
    """`<int:...>` in every route: a number too large for the database becomes 0, which no row has,
    so each view answers its own 'not found' instead of the database raising OverflowError. A route's own
    `max` is the same kind of bound: a number above it still finds the route (never a 405 from a neighbour)."""

    def __init__(self, map, fixed_digits: int = 0, min: int | None = None, max: int | None = None,
                 signed: bool = False) -> None:
        super().__init__(map, fixed_digits, min, None, signed)
        self.largest = LARGEST_ID if max is None else max

    def to_python(self, value: str) -> int:
        number = super().to_python(value)
        return number if number <= self.largest else 0
