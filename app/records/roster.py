"""The club's list of players for the organiser: each player's short name and whether still active."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_login import login_required
from sqlalchemy import func, select

from app.store.club.models import Member
from app.extensions import db
from app.store.club.reads import games_by_member
from app.records.blueprint import bp
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as
from app.store.club.writes import save_member

#: The longest short name a tablet shows.
SHORT_NAME_LENGTH = 20


def short_name_problem(short_name: str) -> str | None:
    """Why a short name cannot be kept, or None."""
    if len(short_name) > SHORT_NAME_LENGTH:
        return f"A short name has at most {SHORT_NAME_LENGTH} letters; this one has {len(short_name)}."
    if any(not ch.isprintable() for ch in short_name):
        return "A short name is letters, spaces and punctuation only."
    return None


@bp.get("/players")
@login_required
def players_page():
    """Every player on the club's list, with games played, short name and active to change."""
    members = list(db.session.scalars(select(Member).order_by(func.lower(Member.name))))
    return render_template("records/players.html", members=members, counts=games_by_member(members),
                           longest=SHORT_NAME_LENGTH)


@bp.post("/players/<int(max=2147483647):member_id>")
@login_required
def update_player(member_id: int):
    """Keep a player's short name and active flag; a bad short name changes nothing."""
    member = db.session.get(Member, member_id) or abort_as(RefusalKind.NOT_FOUND)
    short_name = " ".join(request.form.get("short_name", "").split())
    problem = short_name_problem(short_name)
    if problem:
        flash(f"{member.name}: {problem} Nothing was changed.", "error")
        return redirect(url_for("records.players_page"), 303)
    save_member(member, short_name or None, request.form.get("active") == "yes")
    state = "active" if member.active else "no longer active (not offered at new games)"
    flash(f"Saved: {member.name}{f' ({member.short_name})' if member.short_name else ''} is {state}.", "info")
    return redirect(url_for("records.players_page"), 303)
