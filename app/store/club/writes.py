"""The one write path of each change to the club's list of players, its sessions and its seasons: a member added,
kept, merged or imported, a session opened, a season added."""
from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import update
from sqlalchemy.orm.exc import StaleDataError

from app.extensions import db
from app.store.club.member_places import move_member
from app.store.club.models import ClubSession, Member, Season
from app.store.game.games import stale
from app.store.people.members import note_address
from app.store.game.models import Game, Player
from app.store.base.transaction import nothing_saved


class MergeError(Exception):
    """A merge that cannot be done, with a sentence saying why."""


def add_member(name: str) -> Member:
    """A new member of the club's list, given its id; saved with the change that needed it (a session's tick)."""
    member = Member(name=name, active=True)
    db.session.add(member)
    db.session.flush()
    return member


def add_session(session: ClubSession) -> ClubSession:
    """A new session, given its id; saved with the record's line of its opening."""
    db.session.add(session)
    db.session.flush()
    return session


def keep_seat_change(game: Game) -> None:
    """Send a table's seat change with the game's new version: refused (nothing saved) when another write changed
    the game first; saved with the rest of the session's change."""
    try:
        db.session.flush()
    except StaleDataError:
        nothing_saved()
        raise stale(game) from None


def add_season(values: dict) -> Season:
    """Keep a new season."""
    season = Season(**values)
    db.session.add(season)
    db.session.commit()
    return season


def save_member(member: Member, short_name: str | None, active: bool) -> None:
    """Keep a member's short name and whether still active."""
    member.short_name, member.active = short_name, active
    db.session.commit()


def import_members(new: Iterable[str], addresses: dict[str, str], find, by: str) -> None:
    """Add these names to the club's list and give the members these addresses, all or nothing (`find`: the
    member of a name, whatever its capitals)."""
    db.session.add_all(Member(name=name, active=True) for name in new)
    db.session.flush()
    for name, address in addresses.items():
        note_address(find(name), address, by)
    db.session.commit()


def merge_members(keep_id: int, other_id: int) -> Member:
    """Move every seat and attendance of `other` to `keep`, then remove `other`; all or nothing."""
    keep, other = db.session.get(Member, keep_id), db.session.get(Member, other_id)
    if keep is None or other is None:
        raise MergeError("Choose two players from the club's list.")
    if keep.id == other.id:
        raise MergeError("Choose two different players to merge.")
    move_member(other.id, keep.id)                 # every place that holds a member by id (member_places.py)
    db.session.execute(update(Player).where(Player.member_id.is_(None), Player.name == other.name)
                       .values(member_id=keep.id))
    db.session.delete(other)
    db.session.commit()
    return keep
