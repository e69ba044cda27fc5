"""Club formats as a form offers them: the kinds, their names, and the problems with a format as given."""
from __future__ import annotations

from .entries import Problem
from .outcome import FormatKind
from .codes import Code

#: The format kinds, in the order a form offers them (the rules' "Club formats").
FORMAT_KINDS = tuple(kind.value for kind in FormatKind)
FORMAT_NAMES = {
    FormatKind.TARGET: "To the winning score",
    FormatKind.HANDS: "A number of hands",
    FormatKind.TIME: "On the clock (timed)",
}
#: The largest number of hands a "hands" format may ask for.
MAX_HANDS = 60


def format_problems(kind: object, hands: object) -> list[Problem]:
    """Every problem with a format as given (the rules' "Club formats")."""
    if kind not in FORMAT_KINDS:
        return [Problem("format.kind", "The format must be 'target', 'hands' or 'time'.", Code.FORMAT_KIND)]
    if kind != FormatKind.HANDS:
        return []
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
        return [Problem("format.hands", f"Say how many hands to play: a whole number from 1 to {MAX_HANDS}.",
                        Code.FORMAT_HANDS)]
    return []
