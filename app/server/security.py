"""Safe defaults for a hosted club: body size, security headers, cookies and the secret key."""
from __future__ import annotations

import os

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from app.rules.codes import Code
from app.rules.refusal import RefusalKind, refuse
from app.server.faults import answer

#: The largest request body read (a hand is under 2 KB; a whole new-game form under 4 KB).
MAX_CONTENT_LENGTH = 1024 * 1024
#: Pages that take a bigger body: a club's backup (a year of a big club is a few MB) restored on the records page.
LARGER_BODIES = {"records.restore_upload": 64 * 1024 * 1024}
#: A SECRET_KEY given by hand must be at least this many bytes in production.
MIN_SECRET_BYTES = 32

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
#: Pages and answers that show a game's table code: browsers and proxies must not keep them.
SHOWS_TABLE_CODE = {"games.game", "games.new_game", "games.enter_code", "api.create_game"}
#: Blueprints whose every answer carries codes or personal data (the board, session pages, the sessions API,
#: records, exports and backups): never kept by a browser or a proxy either.
KEEPS_NOTHING = {"club", "club_api", "records"}
#: The answers a page asks for every few seconds (the board's figures, a tablet's news): they never send the
#: session cookie again, so an unchanged poll is a bare 304 (the pages around them keep the session).
POLLS = {"club.board_json", "games.game_news"}
#: The hand form's live check never sends it either: a check sent just before Save may be answered just after
#: it, and its cookie would put back the session from before the Save (and lose the "Hand N saved." message).
LIVE_CHECKS = {"games.preview_new", "games.preview_edit"}


class QuietPolls(SecureCookieSessionInterface):
    """Flask's signed-cookie session, except that a poll or a live check never sets the cookie: neither a
    permanent session's refresh (SESSION_REFRESH_EACH_REQUEST) nor Flask-Login's note that the session is no
    longer fresh, which the next page sets instead."""

    def should_set_cookie(self, app: Flask, session) -> bool:
        """Whether to send the session cookie with this answer: never with a poll's or a live check's."""
        quiet = request.endpoint in POLLS or request.endpoint in LIVE_CHECKS
        return not quiet and super().should_set_cookie(app, session)


class WeakSecretKey(RuntimeError):
    """A production server was given a SECRET_KEY too short to keep sessions safe."""


def serving_https() -> bool:
    """TREYS_HTTPS=1: the club reaches Treys over HTTPS (behind a proxy that terminates TLS)."""
    return os.environ.get("TREYS_HTTPS", "").strip().lower() in ("1", "true", "yes", "on")


def check_secret_key(app: Flask) -> None:
    """Refuse to start in production with a SECRET_KEY under 32 bytes given by hand."""
    if app.testing or app.debug or not os.environ.get("SECRET_KEY"):
        return            # tests, development and the generated key in instance/ are fine
    if len(os.environ["SECRET_KEY"].encode()) < MIN_SECRET_BYTES:
        raise WeakSecretKey(f"SECRET_KEY is shorter than {MIN_SECRET_BYTES} bytes. Leave it unset to use "
                            "the key generated in instance/secret_key, or give a long random one, e.g. "
                            "python -c 'import secrets; print(secrets.token_hex(32))'.")


def security_headers(response):
    """Every response: CSP without inline script, nosniff, no framing, same-origin referrers; the answers that
    carry codes or personal data never kept, but for the pages a browser keeps for itself alone and asks for
    again each time by their ETag (private, no-cache: app/web/validators.py)."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    kept_by_browser = response.cache_control.private is not None and response.cache_control.no_cache is not None
    if (request.endpoint in SHOWS_TABLE_CODE or request.blueprint in KEEPS_NOTHING) and not kept_by_browser:
        response.headers["Cache-Control"] = "no-store"
    return response


def larger_body():
    """Let the few pages that take a file bigger than a form read it (before CSRF reads the form)."""
    if request.endpoint in LARGER_BODIES:
        request.max_content_length = LARGER_BODIES[request.endpoint]


def forms_only():
    """Pages take filled-in forms; JSON belongs to the API (Flask-WTF would read it as odd form data)."""
    if request.method == "POST" and request.is_json and not request.path.startswith("/api/"):
        raise UnsupportedMediaType("This page takes a filled-in form, not JSON. Scripts can use the API "
                                   "under /api/v1. Nothing was saved.")


def no_nul_characters():
    """A NUL character in a form field or the address is no text anyone typed (PostgreSQL cannot even look
    it up): 400, nothing read further."""
    values = [*request.args.values(), *(request.form.values() if request.method == "POST" and not request.is_json
                                        else ())]
    if any("\x00" in value for value in values):
        raise refuse(RefusalKind.BAD_REQUEST, "This form or address holds a character that is not text (a NUL "
                                              "character), so it was not read and nothing was saved.", None,
                     Code.TEXT_NUL)


def too_large(error: RequestEntityTooLarge):
    """A body over MAX_CONTENT_LENGTH: refused unread."""
    megabytes = (request.max_content_length or MAX_CONTENT_LENGTH) // (1024 * 1024)   # a page may allow more
    return answer(413, "Too large", f"This request is too large (over {megabytes} MB), so it was not read "
                                    "and nothing was saved.", Code.BODY_TOO_LARGE)


def init_security(app: Flask) -> None:
    """Apply the limits, cookie settings and headers, and check the secret key."""
    for name, value in (("MAX_CONTENT_LENGTH", MAX_CONTENT_LENGTH), ("SESSION_COOKIE_SAMESITE", "Lax")):
        if app.config.get(name) is None:
            app.config[name] = value
    if serving_https():
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["PREFERRED_URL_SCHEME"] = "https"
    check_secret_key(app)
    app.session_interface = QuietPolls()
    app.before_request(larger_body)
    app.before_request(forms_only)
    app.before_request(no_nul_characters)
    app.after_request(security_headers)
    app.register_error_handler(RequestEntityTooLarge, too_large)
