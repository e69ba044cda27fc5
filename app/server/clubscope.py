"""Which club a request works for: the signed-in account's, else the club of the game, session or link in the
address."""
from __future__ import annotations

from flask import Flask, current_app, g, request
from flask_login import current_user
from sqlalchemy import select

from app.web.sign_in import basic_organiser, sends_basic, wrong_credentials
from app.store.club.models import ClubSession
from app.store.people.models import ClubSettings, Invitation, MemberContact
from app.store.game.models import Game
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.rules.codes import Code
from app.store.tenancy.scope import (club_count, club_in_scope, club_of_slug, forget_club, home_club_id,
                                     host_lookup_with_first, use_club)
from app.web.club_name import club_name
from app.store.people.tokens import token_hash

#: Pages that ask about the whole host, not one club: is there any account yet (the first-run setup, and the
#: login page that sends there while there is none), and which account a name and password are (signing in:
#: the same answer for a name no account has and a wrong password, whichever club the name is in). They work
#: for no club in particular.
HOST_WIDE = {"club.setup", "club.login"}
#: Pages that open a game: without signing in, only in the club casual games belong to.
OPENING_A_GAME = {"games.new_game", "api.create_game"}


def club_of_address() -> int | None:
    """The club of the game, session, invitation or link the address names (a look-up across every club); the
    first club's id comes with it, kept for the page's club name (no second query)."""
    found = address_lookup(request.view_args or {})
    if found is None:
        return None
    club_id, first_club_id = host_lookup_with_first(*found)
    if club_id is not None:
        g.first_club_id = first_club_id
    return club_id


def address_lookup(args: dict) -> tuple | None:
    """What to look up for the address: (kind, key, the plain query across every club), or None."""
    if isinstance(args.get("game_id"), int):
        return "game", args["game_id"], select(Game.club_id).where(Game.id == args["game_id"])
    if isinstance(args.get("session_id"), int):
        return ("session", args["session_id"],
                select(ClubSession.club_id).where(ClubSession.id == args["session_id"]))
    if isinstance(args.get("token"), str):
        digest = token_hash(args["token"])
        return "invitation", digest, select(Invitation.club_id).where(Invitation.token_hash == digest)
    if isinstance(args.get("link"), str):           # the members' page: the club whose link it is
        return "members_link", args["link"], select(ClubSettings.club_id).where(ClubSettings.link == args["link"])
    if isinstance(args.get("stop_token"), str):     # a member's one-click stop of the club's emails
        return ("member_stop", args["stop_token"],
                select(MemberContact.club_id).where(MemberContact.stop_token == args["stop_token"]))
    return None


def club_of_request() -> int:
    """An account signing in with HTTP Basic (its password checked first: a header whose password fails is
    answered 401 and chooses no club), a signed-in account, the address, else the first club. Another club's
    game or session is then simply not found."""
    if sends_basic():
        organiser = basic_organiser()
        if organiser is None:
            raise wrong_credentials()
        return organiser.club_id
    if current_user.is_authenticated:
        return current_user.club_id
    if request.endpoint in OPENING_A_GAME:
        return casual_club()
    return club_of_address() or remember_first(home_club_id())


def casual_club() -> int:
    """The club a game opened without signing in belongs to: the only club of a single-club install, else the
    club the host named for casual games (TREYS_CASUAL_CLUB); with none named, such a game is refused, so a
    stranger's game never lands in a real club's ladder, form guide or exports."""
    named = current_app.config.get("CASUAL_GAMES_CLUB")
    club_id = club_of_slug(named) if named else None
    if club_id is None and club_count() == 1:
        club_id = home_club_id()
    if club_id is None:
        raise no_casual_games()
    return remember_first(club_id) if club_id == home_club_id() else club_id


def no_casual_games() -> Refusal:
    """The answer to a game opened without signing in on a host of several clubs that takes no casual games."""
    return refuse(RefusalKind.FORBIDDEN, "On this Treys, games are opened by a club: ask your club's organiser "
                                         "to open the game from the club's session page, or sign in as an "
                                         "organiser first. Nothing was saved.", "authorization", Code.GAMES_CLUB_ONLY)


def remember_first(first_club_id: int) -> int:
    """The first club, remembered for the page's club name."""
    g.first_club_id = first_club_id
    return first_club_id


def choose_club() -> None:
    """Before each request: every query from here on sees this club's rows only."""
    if request.endpoint is None or request.endpoint == "static":
        return
    if request.endpoint in HOST_WIDE:
        return
    club_id = club_of_request()
    if club_id != club_in_scope():      # the sign-in chose it already (its account read as its club's)
        use_club(club_id)


def init_club_scope(app: Flask) -> None:
    """Choose each request's club before any view runs, and forget it when the request ends."""
    app.before_request(choose_club)
    app.teardown_request(lambda error: forget_club())

    @app.context_processor
    def inject_club_name():
        """The club's name for every template."""
        return {"club_name": club_name()}      # read once a request, however many templates it renders
