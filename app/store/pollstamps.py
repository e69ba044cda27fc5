"""The ETags of the polls (a board's figures, a tablet's news): the stamp, the club it was read in, and a seal.

An unchanged poll is answered before anything else runs (app/web/polls.py): the club its ETag names is the
club its stamp is read in again, so the seal (an HMAC with the app's secret key) makes sure that club was
named by this app, for this address and this browser's sign-in, and never by the browser."""
from __future__ import annotations

import hashlib
import hmac
from typing import NamedTuple

from flask import current_app, request, session

#: Characters of the seal kept in the ETag (80 bits).
SEAL_CHARS = 20


class PollTag(NamedTuple):
    """What a poll's ETag says: the stamp it was answered at and the club it was read in."""

    stamp: str
    club_id: int


def signed_in_as() -> str:
    """What this browser's session cookie names as its sign-in ('' when none): part of what a seal is for."""
    kept = session.get("_user_id", "")
    return kept if isinstance(kept, str) else ""


def seal(stamp: str, club_id: int) -> str:
    """The seal of a stamp read in a club, for this address and this browser's sign-in."""
    message = f"{request.path}|{club_id}|{stamp}|{signed_in_as()}".encode()
    key = current_app.secret_key
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:SEAL_CHARS]


def poll_etag(stamp: str, club_id: int) -> str:
    """The ETag of a poll's answer (unquoted): stamp.club.seal."""
    return f"{stamp}.{club_id}.{seal(stamp, club_id)}"


def sent_tag() -> PollTag | None:
    """The stamp and club of the ETag this poll holds, when its seal is this app's for this address and
    sign-in; else None (the poll is then answered the long way)."""
    tags = request.if_none_match
    if not tags or tags.star_tag:
        return None
    for tag in list(tags.as_set())[:4]:          # a few at most: each is an HMAC to check
        stamp, _, rest = tag.partition(".")
        club, _, sealed = rest.partition(".")
        if (club.isascii() and club.isdigit() and len(club) < 19 and len(stamp) == 40
                and hmac.compare_digest(sealed, seal(stamp, int(club)))):
            return PollTag(stamp, int(club))
    return None
