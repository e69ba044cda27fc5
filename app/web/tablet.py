"""Which tablet is writing: a random id kept in a long-lived cookie, for the game record."""
from __future__ import annotations

import secrets

from flask import g, request, session

from app.store.game.gamelog import Actor, ActorKind

COOKIE = "treys_tablet"
#: Ten years: the id names the tablet, not a visit.
COOKIE_AGE = 10 * 365 * 24 * 3600
#: A tablet remembers the codes of this many games at most (the newest).
REMEMBERED_CODES = 40


def tablet_id() -> str:
    """This tablet's id: from its cookie, or a new one (sent back with the answer)."""
    if "tablet_id" not in g:
        sent = request.cookies.get(COOKIE, "")
        g.tablet_id = sent if sent.isalnum() and 16 <= len(sent) <= 40 else secrets.token_hex(12)
    return g.tablet_id


def tablet() -> Actor:
    """The writing tablet as the game record names it."""
    return Actor(ActorKind.TABLET, tablet_id())


def table_tablet(table_label: str) -> Actor:
    """The writing tablet named after its table, as the session's record says it: 'the tablet at Table 3'."""
    return Actor(ActorKind.TABLET, tablet_id(), f"the tablet at {table_label}" if table_label else "a tablet")


def remember_code(game_id: int, code: str) -> None:
    """Keep the game's code in this tablet's session (the tablet then reads a game its club keeps)."""
    codes = session.get("codes")
    codes = dict(codes) if isinstance(codes, dict) else {}
    codes.pop(str(game_id), None)
    codes[str(game_id)] = code
    while len(codes) > REMEMBERED_CODES:
        codes.pop(next(iter(codes)))
    session["codes"] = codes
    session.permanent = True
