"""Merge two entries of the club's list that are the same person: games and sessions follow."""
from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_login import login_required
from sqlalchemy import select, update

from app.store.club_models import Attendance, Member
from app.extensions import db
from app.store.models import Player
from app.records.blueprint import bp


class MergeError(Exception):
    """A merge that cannot be done, with a sentence saying why."""


def merge_members(keep_id: int, other_id: int) -> Member:
    """Move every seat and attendance of `other` to `keep`, then remove `other`; all or nothing."""
    keep, other = db.session.get(Member, keep_id), db.session.get(Member, other_id)
    if keep is None or other is None:
        raise MergeError("Choose two players from the club's list.")
    if keep.id == other.id:
        raise MergeError("Choose two different players to merge.")
    db.session.execute(update(Player).where(Player.member_id == other.id).values(member_id=keep.id))
    kept_sessions = set(db.session.scalars(select(Attendance.session_id).where(Attendance.member_id == keep.id)))
    for attendance in db.session.scalars(select(Attendance).where(Attendance.member_id == other.id)):
        if attendance.session_id in kept_sessions:
            db.session.delete(attendance)
        else:
            attendance.member_id = keep.id
    db.session.execute(update(Player).where(Player.member_id.is_(None), Player.name == other.name)
                       .values(member_id=keep.id))
    db.session.delete(other)
    db.session.commit()
    return keep


@bp.post("/players/merge")
@login_required
def merge_page():
    """Merge the second player into the first, from the records page."""
    try:
        keep = merge_members(int(request.form.get("keep", 0)), int(request.form.get("other", 0)))
    except (MergeError, ValueError) as error:
        db.session.rollback()
        flash(str(error) if isinstance(error, MergeError) else "Choose two players from the club's list.", "error")
        return redirect(url_for("records.index"))
    flash(f"Merged: every game and session is now under {keep.name}.", "info")
    return redirect(url_for("records.index"))
