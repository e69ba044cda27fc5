"""An unchanged poll answered before anything else runs: a board's `board.json` and a tablet's `news.json`.

The poll's ETag names the stamp it was answered at and the club it was read in, sealed by this app
(app/store/pollstamps.py). Before the club is chosen, the account loaded or any view runs, the stamp is read
again in one indexed statement in that club (the store's filter and PostgreSQL's row security as for any
club's work; the board's statement also asks whether the browser's sign-in still counts there): the same
stamp is a bare 304. Anything else (no ETag, a seal that does not hold, a change, a sign-in that ended) goes
the usual way, from a clean start."""
from __future__ import annotations

from flask import Flask, current_app, request, session
from sqlalchemy.exc import SQLAlchemyError

from app.club.board import board_stamp
from app.extensions import db
from app.games.news import news_row, news_stamp
from app.store.pollstamps import PollTag, poll_etag, sent_tag
from app.store.tenancy import forget_club, use_club

BOARD, NEWS = "club.board_json", "games.game_news"


def sign_in_parts() -> tuple[int, int, str] | None:
    """The account id, generation and key the session cookie's sign-in holds ('3.7.Kx9...'), if well formed."""
    kept = session.get("_user_id")
    if not isinstance(kept, str):
        return None
    organiser_id, _, rest = kept.partition(".")
    generation, _, key = rest.partition(".")
    if not (organiser_id.isascii() and organiser_id.isdigit() and generation.isascii() and generation.isdigit()
            and len(organiser_id) < 19 and len(generation) < 19 and 0 < len(key) <= 128):
        return None
    return int(organiser_id), int(generation), key


def unchanged(tag: PollTag) -> bool:
    """Whether the stamp read now in the tag's club is the tag's (and, for the board, the sign-in counts)."""
    if request.endpoint == BOARD:
        signed_in = sign_in_parts()
        if signed_in is None:
            return False
        found = board_stamp(request.view_args["session_id"], tag.club_id, signed_in)
        return found is not None and found == (tag.stamp, True)
    row = news_row(request.view_args["game_id"], tag.club_id)
    return row is not None and news_stamp(row) == tag.stamp


def quick_poll():
    """Before every other step of a request: a poll whose ETag still holds is answered 304 here."""
    if request.endpoint not in (BOARD, NEWS) or "If-None-Match" not in request.headers:
        return None
    tag = sent_tag()
    if tag is None:
        return None
    use_club(tag.club_id)
    try:
        same = unchanged(tag)
    except SQLAlchemyError:            # answered the usual way, which says what went wrong
        same = False
    if not same:                        # the usual way from a clean start: no club, no transaction
        db.session.rollback()
        forget_club()
        return None
    response = current_app.response_class(status=304)
    response.set_etag(poll_etag(tag.stamp, tag.club_id))
    response.headers["Cache-Control"] = "no-cache"
    return response


def init_quick_polls(app: Flask) -> None:
    """Answer unchanged polls first of all the app's steps before a view."""
    app.before_request_funcs.setdefault(None, []).insert(0, quick_poll)
