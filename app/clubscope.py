"""Which club a request works for: the signed-in account's, else the club of the game or session in the address."""
from __future__ import annotations

from flask import Flask, g, request
from flask_login import current_user
from sqlalchemy import func, select

from app.extensions import db
from app.store.club_models import ClubSession, Invitation, Organiser
from app.store.models import Game
from app.store.tenancy import ALL_CLUBS, Club, forget_club, home_club_id, name_of_club, use_club
from app.store.tokens import token_hash

#: Pages whose form names the account signing in (its club is the account's).
SIGNING_IN = {"club.login"}
#: Pages that ask about the whole host, not one club: is there any account yet (the first-run setup, and the
#: login page that sends there while there is none)? They work for no club in particular.
HOST_WIDE = {"club.setup", "club.login"}


def club_of_account(name: str | None) -> int | None:
    """The club of the account with this name (names are unique across the host)."""
    name = (name or "").strip()
    if not name or len(name) > 60 or "\x00" in name:
        return None
    return club_of(select(Organiser.club_id).where(Organiser.name == name))


def club_of(query) -> int | None:
    """The club a one-row lookup across every club finds, or None; the first club's id comes with it, kept for
    the page's club name (no second query)."""
    first = select(func.min(Club.id)).scalar_subquery()
    row = db.session.execute(query.add_columns(first).execution_options(**ALL_CLUBS)).first()
    if row is None:
        return None
    g.first_club_id = row[1]
    return row[0]


def club_of_address() -> int | None:
    """The club of the game, session or invitation the address names."""
    args = request.view_args or {}
    if isinstance(args.get("game_id"), int):
        return club_of(select(Game.club_id).where(Game.id == args["game_id"]))
    if isinstance(args.get("session_id"), int):
        return club_of(select(ClubSession.club_id).where(ClubSession.id == args["session_id"]))
    if isinstance(args.get("token"), str):
        return club_of(select(Invitation.club_id).where(Invitation.token_hash == token_hash(args["token"])))
    return None


def club_of_request() -> int:
    """An account signing in with HTTP Basic or the login form, a signed-in account, the address, else the
    first club. Another club's game or session is then simply not found."""
    auth = request.authorization
    if auth is not None and auth.type == "basic" and auth.username:
        return club_of_account(auth.username) or home_club_id()
    if request.endpoint in SIGNING_IN and request.method == "POST":
        return club_of_account(request.form.get("name")) or home_club_id()
    if current_user.is_authenticated:
        return current_user.club_id
    return club_of_address() or remember_first(home_club_id())


def remember_first(first_club_id: int) -> int:
    """The first club, remembered for the page's club name."""
    g.first_club_id = first_club_id
    return first_club_id


def choose_club() -> None:
    """Before each request: every query from here on sees this club's rows only."""
    if request.endpoint is None or request.endpoint == "static":
        return
    if request.endpoint in HOST_WIDE and not (request.endpoint in SIGNING_IN and request.method == "POST"):
        return
    use_club(club_of_request())


def init_club_scope(app: Flask) -> None:
    """Choose each request's club before any view runs, and forget it when the request ends."""
    app.before_request(choose_club)
    app.teardown_request(lambda error: forget_club())

    @app.context_processor
    def inject_club_name():
        """The club's name for every template."""
        if "club_name" not in g:            # once a request, however many templates it renders
            g.club_name = name_of_club(app.config["CLUB_NAME"], g.get("first_club_id"))
        return {"club_name": g.club_name}
