"""What the engine and the game store refuse: a kind of refusal and every problem, each with its field.

The kinds are words, never HTTP statuses: the web layer (app/web/errors.py) holds the one table that maps
each kind to a status. A problem's stable code says more precisely what went wrong (STALE_VERSION,
GAME_OVER, NOT_LAST_HAND, WRONG_CODE, ...); its kind says how the refusal is answered.
"""
from __future__ import annotations

from enum import StrEnum

from .codes import Code
from .entries import Problem


class RefusalKind(StrEnum):
    """How a refusal is answered: what sort of thing was wrong with the request."""

    INVALID = "invalid"              # figures or words that do not pass the rules
    CONFLICT = "conflict"            # clashes with the game (or session) as it is now
    NOT_FOUND = "not_found"          # no such game, hand or session
    FORBIDDEN = "forbidden"          # needs the game's table code
    UNAUTHORISED = "unauthorised"    # needs an organiser's name and password
    THROTTLED = "throttled"          # too many wrong codes: wait a little
    BUSY = "busy"                    # the store could not save now: send it again
    BAD_REQUEST = "bad_request"      # not a request at all (no JSON object, far too deep)


#: Stable codes of the problems a table meets most, on the kinds above.
STALE_VERSION = Code.GAME_STALE      # conflict: someone else changed the game while this was entered
GAME_OVER = Code.GAME_OVER           # conflict: the game has ended, no more hands
NOT_LAST_HAND = Code.HAND_NOT_LAST   # conflict: only the last hand can be removed
WRONG_CODE = Code.CODE_WRONG         # forbidden: not the game's table code


class Refusal(Exception):
    """Something the rules (or the game store) will not do: its kind and every problem in words."""

    def __init__(self, kind: RefusalKind | str, problems: list[Problem], *, retry_after: int | None = None):
        self.kind = RefusalKind(kind)            # ValueError for anything that is not a kind
        self.problems = list(problems)
        self.retry_after = retry_after           # seconds to wait first (a throttled or busy refusal)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "; ".join(p.message for p in self.problems)

    @property
    def codes(self) -> list[str]:
        """The stable codes of the problems."""
        return [p.code for p in self.problems]


def refuse(kind: RefusalKind, message: str, field: str | None = None, code: str = "", *,
           retry_after: int | None = None) -> Refusal:
    """A refusal with one problem."""
    return Refusal(kind, [Problem(field, message, code)], retry_after=retry_after)
