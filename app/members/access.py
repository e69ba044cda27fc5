"""Who may use the members' pages of the organiser's side: the owner for the settings, organisers for the rest."""
from __future__ import annotations

from functools import wraps

from flask_login import current_user, login_required

from app.store.people.models import Role
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as


def owner_only(view):
    """A page for the club's owner alone (signed in)."""
    @login_required
    @wraps(view)
    def page(*args, **kwargs):
        if current_user.role != Role.OWNER:
            abort_as(RefusalKind.FORBIDDEN,
                     "Only the club's owner can change who reads the club's records. Ask your club's owner.")
        return view(*args, **kwargs)
    return page


def organiser_only(view):
    """A page for an owner or organiser (a results viewer reads the records and changes nothing here)."""
    @login_required
    @wraps(view)
    def page(*args, **kwargs):
        if current_user.role == Role.VIEWER:
            abort_as(RefusalKind.FORBIDDEN,
                     "Your account reads the club's results and records; it changes nothing. Ask an organiser.")
        return view(*args, **kwargs)
    return page
