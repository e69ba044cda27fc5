"""The ETags of the polls (a board's figures, a tablet's news): the stamp (app/store/stamps.py), the club it was
read in, and a seal.

An unchanged poll is answered before anything else runs (app/server/polls.py): the club its ETag names is the
club its stamp is read in again, so the seal (an HMAC with the app's secret key) makes sure that club was
named by this app, for this address and this browser's sign-in, and never by the browser."""
from __future__ import annotations

import hashlib
import hmac
from typing import NamedTuple

from flask import current_app, request, session

#: Characters of the seal kept in the ETag (80 bits).
SEAL_CHARS = 20
#: The longest stamp a tag may name: a version, a dash and a minute ('12-202611291405').
STAMP_CHARS = 40


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
    return seal_of(current_app.secret_key, request.path, club_id, stamp, signed_in_as())


def seal_of(key: str | bytes, path: str, club_id: int, stamp: str, signed_in: str) -> str:
    """The seal with this secret key of a stamp read in a club, for an address and a sign-in ('' when none)."""
    message = f"{path}|{club_id}|{stamp}|{signed_in}".encode()
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:SEAL_CHARS]


def tag_parts(tag: str) -> PollTag | None:
    """The stamp and club an ETag (unquoted) names, when it has the form stamp.club.seal; else None."""
    stamp, _, rest = tag.partition(".")
    club, _, _ = rest.partition(".")
    if club.isascii() and club.isdigit() and len(club) < 19 and 0 < len(stamp) <= STAMP_CHARS \
            and stamp.replace("-", "").isascii() and stamp.replace("-", "").isdigit():
        return PollTag(stamp, int(club))
    return None


def poll_etag(stamp: str, club_id: int) -> str:
    """The ETag of a poll's answer (unquoted): stamp.club.seal."""
    return f"{stamp}.{club_id}.{seal(stamp, club_id)}"
