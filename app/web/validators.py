"""HTTP validators of the pages and sheets: an ETag made of what a page shows (its game and version, its
session's version, who is looking), a 304 when the browser holds that very page, and the headers that make a
browser ask again each time (Cache-Control: private, no-cache; Vary: Cookie).

A route checks access first (the game or session loaded, the sign-in checked), then calls `validated`: a 304
never answers a browser the page itself would refuse."""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Callable

from flask import current_app, make_response, request, session
from flask_login import current_user
from flask_wtf.csrf import generate_csrf

from app.assets import static_dir, templates_dir
from app.web.club_name import club_name

#: Characters of the digest kept in a page's ETag (96 bits).
TAG_CHARS = 24
#: What a validated page tells the browser: keep it for this browser alone, and ask again before each use.
CACHE_CONTROL = "private, no-cache"


@cache
def release() -> str:
    """A fingerprint of what pages are made from besides the stored rows (templates, stylesheets and scripts,
    the app's code), worked out once a process: a new release never answers 304 with an old page."""
    roots = [templates_dir(), static_dir(), Path(__file__).parents[1]]
    files = sorted(path for root in roots for path in root.rglob("*") if path.suffix in (".html", ".css", ".js", ".py"))
    return hashlib.sha1(repr([(str(f), f.stat().st_mtime) for f in files]).encode()).hexdigest()[:12]


def viewer() -> tuple:
    """Who is looking, as far as a page can differ by it: the account signed in on this browser and its role,
    and the form key of its session (a page's forms carry it: made now when the session has none yet, as the
    page would)."""
    role = getattr(current_user, "role", None) if current_user and current_user.is_authenticated else None
    generate_csrf()
    return session.get("_user_id", ""), str(role), session.get("csrf_token", "")


def page_tag(*shown) -> str:
    """The ETag (unquoted) of a page showing these things (the game's id and version, the session's version,
    the viewer's kind), for this address and viewer, in this release and club."""
    parts = (request.full_path, release(), club_name(), viewer(), shown)
    return hashlib.blake2s(repr(parts).encode(), digest_size=TAG_CHARS // 2).hexdigest()


def validated(tag: str, make: Callable[[], object], *, shows_messages: bool = True):
    """The page `make` gives, with its ETag and the headers that make the browser ask again each time; a 304 (the
    page not made) when the browser's If-None-Match holds the tag. A page that shows the messages waiting for
    the browser (flash; a PDF shows none) is made and sent without a tag while one waits: it is not the page the
    tag stands for."""
    if shows_messages and session.get("_flashes"):
        response = make_response(make())
        response.headers["Cache-Control"] = "no-store"
        return response
    held = request.if_none_match.contains(tag)
    response = current_app.response_class() if held else make_response(make())
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE_CONTROL
    response.vary.add("Cookie")
    return response.make_conditional(request)
