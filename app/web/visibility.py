"""Who reads the club's records and games: the club's own choice, read once a request, the guard of a records
page, and who may read a game and its record of changes (the club's accounts, the tablets holding its code)."""
from __future__ import annotations

import secrets
from enum import StrEnum
from functools import wraps

from flask import current_app, g, request, session
from flask_login import current_user, login_required

from app.rules.codes import Code
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.store.game.models import Game
from app.store.people.models import ClubSettings, Visibility
from app.store.people.members import settings_of_club
from app.store.tenancy.scope import current_club_id, home_club_id
from app.web.sign_in import basic_organiser, sends_basic


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


class Reader(StrEnum):
    """Who is reading a game, as far as what it may see goes."""

    ACCOUNT = "account"        # one of the club's accounts (signed in, or by HTTP Basic on the API)
    TABLET = "tablet"          # a tablet holding the game's table code (typed, from the table card, or sent)
    ANYONE = "anyone"          # anyone else, at a club that made its records public
    STRANGER = "stranger"      # anyone else, at a club that keeps its records to itself


def club_account() -> bool:
    """True when one of the club's accounts reads: signed in on this browser, or named by the request's HTTP Basic
    header (another club's account never reads here: it signs in to its own club)."""
    return bool(current_user.is_authenticated) or (sends_basic() and basic_organiser() is not None)


def held_code(game: Game) -> str | None:
    """The game's table code as this tablet holds it: remembered in its session (typed once, or from the table
    card's QR code), when it is still the game's."""
    codes = session.get("codes")
    code = codes.get(str(game.id)) if isinstance(codes, dict) else None
    if not isinstance(code, str) or not secrets.compare_digest(code.encode(), game.table_code.encode()):
        return None
    return code


def reader_of(game: Game, sent_code: bool = False) -> Reader:
    """Who reads the game (`sent_code`: the request carried the right table code, checked by its caller)."""
    if club_account():
        return Reader.ACCOUNT
    if sent_code or held_code(game) is not None:
        return Reader.TABLET
    return Reader.ANYONE if records_public() else Reader.STRANGER


def game_kept(game: Game) -> Refusal:
    """The answer to a stranger asking for a game the club keeps to itself: what it is, at most by its table."""
    table = f"The game at {game.table_label}" if game.table_label else "This game"
    return refuse(RefusalKind.FORBIDDEN, f"{table} is kept to the club's accounts and the tablets at its table: "
                                         "enter the table code, or sign in to the club.", "table_code", Code.GAME_KEPT)


def record_kept() -> Refusal:
    """The answer to anyone but the club's accounts and the game's tablets asking for its record of changes."""
    return refuse(RefusalKind.FORBIDDEN, "A game's record of changes is for the club's accounts and the tablets at "
                                         "its table: enter the table code, or sign in to the club.", "table_code",
                  Code.RECORD_KEPT)


def readable_game(game: Game, sent_code: bool = False) -> Reader:
    """Who reads the game, or the refusal (game.kept) when the club keeps it from this reader."""
    reader = reader_of(game, sent_code)
    if reader is Reader.STRANGER:
        raise game_kept(game)
    return reader


def request_sends_code() -> bool:
    """True when the request carries an X-Table-Code header (the API's tablets)."""
    return "X-Table-Code" in request.headers
