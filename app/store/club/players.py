"""The club's list of players (the part a session needs): find, add, list for type-ahead."""
from __future__ import annotations

import unicodedata

from sqlalchemy import func, select

from app.store.club.models import Member
from app.store.club.writes import add_member
from app.extensions import db
from app.rules import Problem
from app.rules.codes import Code

#: Longest name the list keeps (as a player seat holds).
NAME_LENGTH = 60


def clean_name(name: object) -> str:
    """A name with its spaces tidied: '  ann   smith ' -> 'ann smith'."""
    return " ".join(str(name).split()) if isinstance(name, str) else ""


def name_problems(name: str, field: str = "name") -> list[Problem]:
    """What is wrong with a player's name as typed."""
    if not name:
        return [Problem(field, "Type the player's name.", Code.NAME_EMPTY)]
    if len(name) > NAME_LENGTH:
        return [Problem(field, f"A name can be at most {NAME_LENGTH} characters.", Code.NAME_TOO_LONG)]
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        return [Problem(field, "A name can hold letters, digits, spaces and punctuation only.", Code.NAME_CHARACTERS)]
    return []


def find_member(name: str) -> Member | None:
    """The member with this name, whatever its capitals (compared in Python: SQLite's lower() knows only A-Z,
    so "ÉMILE" would never find "Émile" there)."""
    member = db.session.scalar(select(Member).where(Member.name == name))
    if member is not None:
        return member
    folded = name.casefold()
    return next((m for m in db.session.scalars(select(Member)) if m.name.casefold() == folded), None)


def member_for(name: str) -> Member:
    """The member with this name, added to the club's list on the spot when new (not committed)."""
    member = find_member(name)
    if member is None:
        member = add_member(name)
    return member


def active_members() -> list[Member]:
    """The club's active players, by name, for the tick list and the type-ahead."""
    return list(db.session.scalars(select(Member).where(Member.active.is_(True)).order_by(func.lower(Member.name))))
