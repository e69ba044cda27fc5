"""An unchanged poll answered in front of Flask: a board's `board.json` and a tablet's `news.json`.

The poll's ETag names the stamp it was answered at (app/store/stamps.py: a session's or a game's version, with
the minute while a timed session's clock runs) and the club it was read in, sealed by this app
(app/web/polltags.py) for its address and the browser's sign-in. Before Flask makes a request, opens the
session, matches the address or runs any step, this WSGI step reads the session cookie (checked as Flask
checks it), checks the seal, and reads the stamp again in one statement on a connection of the engine's pool,
the club's rows claimed first as for any club's work (on PostgreSQL the club's role and club, so row security
holds; the board's statement also asks whether the browser's sign-in still counts there): the same stamp is a
bare 304. Anything else (no ETag, a seal that does not hold, a change, a sign-in that ended, a cookie to set, a
database fault) goes to Flask, which answers it the usual way."""
from __future__ import annotations

import hmac
import re
import time
from functools import lru_cache
from typing import NamedTuple

from flask import Flask
from itsdangerous import BadSignature
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.http import parse_cookie, parse_etags

from app.extensions import db
from app.store.stamps import board_stamp, news_row, news_stamp
from app.web.tablet import COOKIE as TABLET_COOKIE
from app.store.base.ids import LARGEST_ID
from app.store.tenancy.scope import claim_rows
from app.web.polltags import PollTag, seal_of, tag_parts
from app.server.security import HEADERS

#: The two polls' addresses (as their routes match them; a number with a leading 0 goes the usual way).
BOARD = re.compile(r"/club/sessions/([1-9][0-9]{0,17})/board\.json")
NEWS = re.compile(r"/games/([1-9][0-9]{0,17})/news\.json")
#: The headers of a 304 as the app's other steps would give them (the board's blueprint keeps nothing).
BOARD_HEADERS = [*HEADERS.items(), ("Cache-Control", "no-store"), ("Vary", "Cookie")]
NEWS_HEADERS = [*HEADERS.items(), ("Cache-Control", "no-cache"), ("Vary", "Cookie")]
#: Tags of one If-None-Match looked at (each is an HMAC to check).
TAGS_CHECKED = 4
#: Polls remembered as checked (a browser polls with the same address, tag and cookies for hours; only what
#: passed the check is kept, keyed by the very text sent), the least recently asked forgotten first: a worker's
#: tablets and boards on a Saturday (docs/benchmarks.md: 3,300 tables a worker of 3, a tablet or two each, a board a
#: session), about 1 kB each (the text sent and what it says): some 8 MB at most.
CHECKED_KEPT = 8192


def news_stamp_on_pool(engine, game_id: int, club_id: int) -> str | None:
    """A tablet's news's stamp read on a connection of the engine's pool, the club's rows claimed first (None:
    no such game of the club)."""
    with engine.connect() as connection:
        claim_rows(connection, club_id)
        row = news_row(game_id, club_id, connection)
    return None if row is None else news_stamp(row)


def board_stamp_on_pool(engine, session_id: int, club_id: int, signed_in) -> tuple[str, bool] | None:
    """A board's stamp and whether the sign-in still counts, read the same way."""
    with engine.connect() as connection:
        claim_rows(connection, club_id)
        return board_stamp(session_id, club_id, signed_in, connection)


class NotAPoll(Exception):
    """A request this step does not answer (raised, not returned, so that functools.lru_cache keeps only the
    polls that passed: what fails is not kept and never pushes a good one out)."""


def sign_in_parts(kept) -> tuple[int, int, str] | None:
    """The account id, generation and key a session's sign-in holds ('3.7.Kx9...'), if well formed."""
    if not isinstance(kept, str):
        return None
    organiser_id, _, rest = kept.partition(".")
    generation, _, key = rest.partition(".")
    if not (organiser_id.isascii() and organiser_id.isdigit() and generation.isascii() and generation.isdigit()
            and len(organiser_id) < 19 and len(generation) < 19 and 0 < len(key) <= 128):
        return None
    return int(organiser_id), int(generation), key


class Poll(NamedTuple):
    """What a poll's address, ETag and cookies were checked to say: which poll, the tag it holds and its stamp
    and club, the sign-in (board), and until when its session cookie holds."""

    board: bool
    number: int
    tag: PollTag
    sent: str
    signed_in: tuple[int, int, str] | None
    holds_until: float


class QuickPolls:
    """In front of the app: an unchanged poll is a 304 here; every other request goes on to Flask."""

    def __init__(self, wsgi_app, app: Flask):
        self.wsgi_app = wsgi_app
        self.app = app
        with app.app_context():
            self.engine = db.engine
        self.serializer = None
        self.checked = lru_cache(maxsize=CHECKED_KEPT)(self.check)

    def __call__(self, environ, start_response):
        headers = None
        if environ.get("REQUEST_METHOD") == "GET" and "HTTP_IF_NONE_MATCH" in environ:
            try:
                headers = self.unchanged(environ)
            except NotAPoll:
                headers = None
            except (SQLAlchemyError, BadSignature):       # the usual way says what went wrong
                headers = None
        if headers is None:
            return self.wsgi_app(environ, start_response)
        start_response("304 NOT MODIFIED", headers)
        return []

    def unchanged(self, environ) -> list[tuple[str, str]] | None:
        """The 304's headers when this is a poll whose sealed ETag's stamp still holds; else None (NotAPoll when
        it is no poll this step answers). What the address, the ETag and the cookies say is remembered once
        checked (only what passed), by their very text; it holds until the session cookie's age runs out."""
        poll = self.checked(environ.get("PATH_INFO", ""), environ["HTTP_IF_NONE_MATCH"],
                            environ.get("HTTP_COOKIE", ""))
        if time.time() >= poll.holds_until:             # its session cookie has grown too old since
            return None
        tag = poll.tag
        if poll.board:
            same = board_stamp_on_pool(self.engine, poll.number, tag.club_id, poll.signed_in) == (tag.stamp, True)
        else:
            same = news_stamp_on_pool(self.engine, poll.number, tag.club_id) == tag.stamp
        if not same:
            return None
        return [("ETag", f'"{poll.sent}"'), *(BOARD_HEADERS if poll.board else NEWS_HEADERS)]

    def check(self, path: str, sent: str, cookie_header: str) -> Poll:
        """What a poll's address, ETag and cookies say (kept by `checked`); NotAPoll when this step may not
        answer it."""
        poll = self.poll_of(path, sent, cookie_header)
        if poll is None:
            raise NotAPoll(path)
        return poll

    def poll_of(self, path: str, sent: str, cookie_header: str) -> Poll | None:
        """What a poll's address, ETag and cookies say, when it is a poll this step may answer: its tag sealed
        by this app for this address and sign-in, the session cookie signed (and, for the board, signed in),
        and a tablet's id cookie already given. Else None: the usual way."""
        board = BOARD.fullmatch(path)
        news = None if board else NEWS.fullmatch(path)
        if (board is None and news is None) or int((board or news).group(1)) > LARGEST_ID:
            return None
        cookies = parse_cookie(cookie_header)
        session = self.session(cookies)
        if session is None or "_remember" in session[0]:     # Flask-Login has a cookie to set: the usual way
            return None
        kept, holds_until = session
        signed_in = kept.get("_user_id", "")
        signed_in = signed_in if isinstance(signed_in, str) else ""
        found = self.sealed(sent, path, signed_in)
        if found is None:
            return None
        if board is not None:
            parts = sign_in_parts(signed_in)
            if parts is None:
                return None
            return Poll(True, int(board.group(1)), *found, parts, holds_until)
        tablet = cookies.get(TABLET_COOKIE, "")
        if not (tablet.isalnum() and 16 <= len(tablet) <= 40):      # the games' pages give it its cookie
            return None
        return Poll(False, int(news.group(1)), *found, None, holds_until)

    def session(self, cookies) -> tuple[dict, float] | None:
        """What the browser's session cookie holds, checked as Flask checks it ({} without one), and until when
        Flask would take it; None when its signature does not hold or it is too old (Flask then starts a new
        session: the usual way)."""
        if self.serializer is None:
            self.serializer = self.app.session_interface.get_signing_serializer(self.app)
            self.cookie_name = self.app.config["SESSION_COOKIE_NAME"]
            self.max_age = int(self.app.permanent_session_lifetime.total_seconds())
            self.secret_key = self.app.secret_key
        value = cookies.get(self.cookie_name)
        if not value:
            return {}, float("inf")
        if self.serializer is None:
            return None
        try:
            data, signed_at = self.serializer.loads(value, max_age=self.max_age, return_timestamp=True)
        except BadSignature:
            return None
        return data, signed_at.timestamp() + self.max_age

    def sealed(self, sent: str, path: str, signed_in: str) -> tuple[PollTag, str] | None:
        """The first of the sent ETags that this app sealed for this address and sign-in, with the tag itself."""
        tags = parse_etags(sent)
        if tags.star_tag:
            return None
        for tag in list(tags.as_set())[:TAGS_CHECKED]:
            parts = tag_parts(tag)
            if parts is None:
                continue
            sealed = seal_of(self.secret_key, path, parts.club_id, parts.stamp, signed_in)
            if hmac.compare_digest(tag, f"{parts.stamp}.{parts.club_id}.{sealed}"):
                return parts, tag
        return None


def init_quick_polls(app: Flask) -> None:
    """Answer unchanged polls in front of everything else the app does (the step kept in app.extensions)."""
    app.wsgi_app = app.extensions["quick_polls"] = QuickPolls(app.wsgi_app, app)
