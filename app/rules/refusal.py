"""One refusal type for the engine and the game store: a kind and every problem for the player.

The kinds are words, not HTTP statuses: the web layer maps them to statuses at its edge.
"""
from __future__ import annotations

from .entries import Problem

#: What a refusal can be: bad figures, a clash with the game as it is, something unknown, no right, too fast,
#: or a store too busy to save now (send it again).
KINDS = ("invalid", "conflict", "not_found", "forbidden", "throttled", "busy", "malformed", "unauthenticated")


class Refusal(Exception):
    """Something the rules (or the game store) will not do, with every problem in words."""

    def __init__(self, kind: str, problems: list[Problem]):
        if kind not in KINDS:
            raise ValueError(f"unknown refusal kind {kind!r}")
        super().__init__("; ".join(p.message for p in problems))
        self.kind = kind
        self.problems = list(problems)

    def __str__(self) -> str:
        return "; ".join(p.message for p in self.problems)

    @property
    def codes(self) -> list[str]:
        """The stable codes of the problems."""
        return [p.code for p in self.problems]


def refusal(kind: str, code: str, message: str, field: str | None = None) -> Refusal:
    """A refusal with one problem."""
    return Refusal(kind, [Problem(field, message, code)])
