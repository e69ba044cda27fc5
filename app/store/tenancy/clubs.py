"""The clubs a host keeps: adding one, finding one by its slug, listing them, removing one with all it owns."""
from __future__ import annotations

import re
import unicodedata

from sqlalchemy import delete, func, select

from app.extensions import db
from app.store.tenancy.scope import ALL_CLUBS, Club, club_count

#: The longest slug (the short name the command line and backups use).
SLUG_LENGTH = 40


class ClubProblem(ValueError):
    """A club name or slug that will not do, or a club that is not there: the sentence says which."""


def slug_of(name: str) -> str:
    """'Hove U3A Canasta' -> 'hove-u3a-canasta': plain letters, digits and hyphens."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:SLUG_LENGTH].strip("-")


def add_club(name: str, slug: str | None = None) -> Club:
    """A new club (not committed); ClubProblem when the name is empty or the slug is taken or unreadable."""
    name = (name or "").strip()
    if not 0 < len(name) <= 80:
        raise ClubProblem("Give the club a name of 1 to 80 characters.")
    slug = slug_of(slug or name)
    if not slug:
        raise ClubProblem("Give the club a short name (slug) of plain letters and digits, e.g. --slug hove.")
    if club_by_slug(slug) is not None:
        raise ClubProblem(f"There is already a club with the short name {slug}: choose another with --slug.")
    club = Club(name=name, slug=slug)
    db.session.add(club)
    db.session.flush()
    return club


def club_by_slug(slug: str) -> Club | None:
    """The club with this slug, or None."""
    return db.session.scalar(select(Club).where(Club.slug == (slug or "").strip().lower()))


def all_clubs() -> list[Club]:
    """Every club, the first one first."""
    return list(db.session.scalars(select(Club).order_by(Club.id)))


def chosen_club(slug: str | None) -> Club:
    """The club a command works on: the one named, or the only one; ClubProblem when it must be named."""
    if slug:
        club = club_by_slug(slug)
        if club is None:
            raise ClubProblem(f"There is no club {slug}. The clubs are: {', '.join(c.slug for c in all_clubs())}.")
        return club
    clubs = all_clubs()
    if len(clubs) > 1:
        raise ClubProblem(f"There are {len(clubs)} clubs here: say which with --club "
                          f"({', '.join(c.slug for c in clubs)}).")
    return clubs[0]


def count_rows(club_id: int, model) -> int:
    """How many rows of one of a club's tables are the club's."""
    return db.session.execute(select(func.count()).select_from(model).where(model.club_id == club_id)
                              .execution_options(**ALL_CLUBS)).scalar()


def remove_club(club: Club) -> None:
    """Delete the club and every row it owns (each club_id cascades), in one transaction; not the last club."""
    if club_count() <= 1:
        raise ClubProblem("This is the only club here: an install keeps at least one.")
    db.session.execute(delete(Club).where(Club.id == club.id))
    db.session.commit()
