"""Merge two entries of the club's list that are the same person: games and sessions follow."""
from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_login import login_required
from app.records.blueprint import bp
from app.store.club.writes import MergeError, merge_members
from app.store.base.transaction import nothing_saved


@bp.post("/players/merge")
@login_required
def merge_page():
    """Merge the second player into the first, from the records page."""
    try:
        keep = merge_members(int(request.form.get("keep", 0)), int(request.form.get("other", 0)))
    except (MergeError, ValueError) as error:
        nothing_saved()
        flash(str(error) if isinstance(error, MergeError) else "Choose two players from the club's list.", "error")
        return redirect(url_for("records.index"))
    flash(f"Merged: every game and session is now under {keep.name}.", "info")
    return redirect(url_for("records.index"))
