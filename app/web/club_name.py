"""The name of the request's club, read once a request: every page shows it and every page's ETag holds it."""
from __future__ import annotations

from flask import current_app, g

from app.store.tenancy.scope import name_of_club


def club_name() -> str:
    """The club's name as its pages show it (the first club's is the CLUB_NAME setting), read the first time a
    request asks for it."""
    if "club_name" not in g:
        g.club_name = name_of_club(current_app.config["CLUB_NAME"], g.get("first_club_id"))
    return g.club_name
