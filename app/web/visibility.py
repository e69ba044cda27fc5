"""Who reads the club's records: the club's own choice, read once a request, and the guard of a records page."""
from __future__ import annotations

from functools import wraps

from flask import current_app, g
from flask_login import login_required

from app.store.people.models import ClubSettings, Visibility
from app.store.people.members import settings_of_club
from app.store.tenancy.scope import current_club_id, home_club_id


def club_settings() -> ClubSettings:
    """The club in scope's settings; before its owner chose, RECORDS_PUBLIC of a single-club install's past
    gives the first club's starting choice."""
    if "club_settings" not in g:
        g.club_settings = settings_of_club(bool(current_app.config.get("RECORDS_PUBLIC")),
                                           first_club=current_club_id() == home_club_id())
    return g.club_settings


def records_public() -> bool:
    """True when the club lets anyone read its records (results, ladder, players' pages)."""
    return club_settings().visibility == Visibility.PUBLIC


def public_records(view):
    """A page of the club's records: readable by anyone when the club made its records public (its owner's
    settings page), else by its accounts only."""
    guarded = login_required(view)

    @wraps(view)
    def page(*args, **kwargs):
        return (view if records_public() else guarded)(*args, **kwargs)
    return page
