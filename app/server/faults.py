"""Faults of the database and races between tablets: a clear 503 or 409, never a 500."""
from __future__ import annotations

import json

from flask import Flask, current_app, g, render_template, request
from markupsafe import escape
from sqlalchemy.exc import (DataError, DBAPIError, IntegrityError, InterfaceError, InternalError, OperationalError,
                            PendingRollbackError, TimeoutError as PoolTimeout)
from sqlalchemy.orm.exc import StaleDataError
from werkzeug.exceptions import InternalServerError

from app.rules.codes import Code
from app.web.errors import error_document, handle_http_exception, handle_unexpected_exception, is_api_request
from app.extensions import db
from app.store.base.disk import after_disk_full, check_room_to_write, disk_is_full, is_disk_full_error

CANNOT_SAVE = "The scores cannot be saved just now; tell the organiser."
CANNOT_READ = "The scores cannot be read just now. Please try again in a moment; tell the organiser if this lasts."
CHANGED_MEANWHILE = ("Someone else changed this game at the same moment, so nothing was saved from here. "
                     "Open the game again to see it as it is now, then enter again if needed.")


def rolled_back() -> None:
    """Forget the failed transaction (the connection may be gone: that is fine too)."""
    try:
        db.session.rollback()
    except Exception:     # noqa: BLE001  (a dead connection cannot roll back; the pool replaces it)
        db.session.close()


def wants_json() -> bool:
    """The API, and the pages that answer JSON (a board's `board.json`): the error as JSON too."""
    return is_api_request() or request.path.endswith(".json")


def answer(status: int, title: str, message: str, code: Code, headers: dict | None = None):
    """The error as the API's JSON document (with its stable code) or the friendly page."""
    if wants_json():
        body = current_app.json.dumps(error_document(message, code))
        return body, status, {"Content-Type": "application/json", **(headers or {})}
    return render_template("error.html", code=status, title=title, message=message), status, headers or {}


#: What a tablet or a browser is told while the database cannot be reached; the tablet keeps the hand.
RETRY_AFTER = {"Retry-After": "30"}


def plain_page(title: str, message: str, status: int) -> str:
    """The error page without a template's helpers (which may read the database that just failed)."""
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
            f"content=\"width=device-width, initial-scale=1\"><title>{escape(title)}</title></head><body>"
            f"<main><h1>{escape(title)}</h1><p>{escape(message)}</p><p><a href=\"/\">Back to the start page</a>"
            f"</p><p>Error {status}</p></main></body></html>")


def unavailable_answer():
    """503 with Retry-After, read from nothing in the database: the page is drawn for nobody signed in (the
    account cannot be loaded now), and without its template when even that needs the database."""
    reading = request.method in ("GET", "HEAD")
    title, message = ("Not available just now", CANNOT_READ) if reading else ("Cannot save just now", CANNOT_SAVE)
    if wants_json():
        return answer(503, title, message, Code.DATABASE_UNAVAILABLE, RETRY_AFTER)
    g._login_user = current_app.login_manager.anonymous_user()     # Flask-Login's slot: nobody is loaded again
    g.setdefault("club_name", current_app.config.get("CLUB_NAME", "Treys"))
    try:
        return answer(503, title, message, Code.DATABASE_UNAVAILABLE, RETRY_AFTER)
    except Exception:     # noqa: BLE001  (the page's helpers touched the database again)
        rolled_back()
        return plain_page(title, message, 503), 503, {**RETRY_AFTER, "Content-Type": "text/html; charset=utf-8"}


def database_unavailable(error: Exception):
    """Disk full, a read-only file, a dropped connection, no connection free: 503, and the tablet keeps the
    hand."""
    rolled_back()
    current_app.logger.warning("Database unavailable: %s", (str(error).splitlines() or [type(error).__name__])[0])
    if is_disk_full_error(error):
        after_disk_full()
    return unavailable_answer()


def is_database_fault(error: BaseException | None) -> bool:
    """Whether an error (or the one it came from) says the database could not be reached or used just now."""
    seen = 0
    while error is not None and seen < 8:
        if isinstance(error, (OperationalError, InterfaceError, PendingRollbackError, PoolTimeout)):
            return True
        if isinstance(error, DBAPIError) and error.connection_invalidated:
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


def server_error(error: InternalServerError):
    """Flask's last answer when a handler itself failed: a database fault there (a rollback on a dead
    connection, the page's account loaded again) is still a 503, anything else the app's own 500 page."""
    if is_database_fault(getattr(error, "original_exception", None)):
        return database_unavailable(error.original_exception)
    return handle_http_exception(error)


def unexpected(error: Exception):
    """Any other error: a database fault (a dead connection seen as another kind) is a 503, the rest a bug."""
    if is_database_fault(error):
        return database_unavailable(error)
    return handle_unexpected_exception(error)


class LastWord:
    """Around the whole app: a database fault that escaped every handler (at the very end of a request) is
    answered with the plain 503 page and Retry-After, never the server's bare 'Internal Server Error'. The
    app's own status and headers are passed on only once it has returned, so the 503 never mixes with them."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        started: list[tuple] = []

        def later(*given):
            """Keep the app's status and headers until it has returned."""
            started[:] = [given]
            return write_refused

        try:
            body = self.wsgi_app(environ, later)
        except Exception as error:
            if not is_database_fault(error):
                raise
            path = environ.get("PATH_INFO", "")
            api = path.startswith("/api/") or path.endswith(".json")
            text = (current_json(CANNOT_SAVE) if api else plain_page("Cannot save just now", CANNOT_SAVE, 503))
            data = text.encode("utf-8")
            kind = "application/json" if api else "text/html; charset=utf-8"
            start_response("503 SERVICE UNAVAILABLE", [("Content-Type", kind), ("Content-Length", str(len(data))),
                                                       *RETRY_AFTER.items()])
            return [data]
        start_response(*started[0])
        return body


def write_refused(data: bytes) -> None:
    """WSGI's old write(): Flask never calls it."""
    raise RuntimeError("write() is not supported here")


def let_go(error: BaseException | None) -> None:
    """At the very end of a request (before Flask-SQLAlchemy's own clean-up, which then has nothing left to do):
    hand the connection back; if the rollback this takes fails because the connection died, the answer is
    already made and stands, and the pool replaces the connection."""
    try:
        db.session.remove()
    except Exception as failure:        # noqa: BLE001  (a dead connection cannot roll back)
        current_app.logger.warning("Connection lost at the end of a request: %s", type(failure).__name__)
        db.session.registry.clear()


def current_json(message: str) -> str:
    """The API's error document as text, without an app context."""
    return json.dumps(error_document(message, Code.DATABASE_UNAVAILABLE))


#: PostgreSQL's SQLSTATE for a write in a read-only transaction (default_transaction_read_only, a standby).
READ_ONLY = "25006"


def internal_error(error: InternalError):
    """A read-only PostgreSQL answers 503 like a read-only SQLite file; any other internal error is a bug."""
    if getattr(error.orig, "sqlstate", None) == READ_ONLY:
        return database_unavailable(error)
    rolled_back()
    return handle_unexpected_exception(error)


def cannot_store(error: DataError):
    """A value the database cannot hold (a NUL character in JSON text for PostgreSQL): 422, nothing saved."""
    rolled_back()
    return answer(422, "Cannot be stored", "This holds something the database cannot store (such as a NUL "
                                           "character in a name). Nothing was saved: correct it and send again.",
                  Code.TEXT_NOT_STORABLE)


def changed_meanwhile(error: StaleDataError | IntegrityError):
    """Two tablets wrote the same game at once (e.g. one removed the hand the other corrected): 409."""
    rolled_back()
    return answer(409, "Changed meanwhile", CHANGED_MEANWHILE, Code.GAME_CHANGED)


#: The routes sent a body that store nothing (a hand scored, a set checked, a hand's preview).
STORING_NOTHING = frozenset({"api.score", "api.set_check", "rulebook.set_check", "rulebook.set_verdict",
                             "games.preview_new", "games.preview_edit"})


def room_to_write() -> None:
    """Before a request that may write (SQLite): room on the disk for it, or the BUSY refusal disk.full."""
    if request.method not in ("GET", "HEAD", "OPTIONS") and request.endpoint not in STORING_NOTHING:
        check_room_to_write()


def register_fault_handlers(app: Flask) -> None:
    """Attach the handlers (more specific than the catch-all Exception handler)."""
    app.register_error_handler(OperationalError, database_unavailable)
    app.register_error_handler(InterfaceError, database_unavailable)
    app.register_error_handler(PendingRollbackError, database_unavailable)
    app.register_error_handler(PoolTimeout, database_unavailable)     # every pooled connection in use
    app.register_error_handler(InternalServerError, server_error)
    app.register_error_handler(Exception, unexpected)
    app.wsgi_app = LastWord(app.wsgi_app)
    app.teardown_appcontext(let_go)
    app.before_request(room_to_write)                                 # a full disk refuses a write cleanly
    app.context_processor(lambda: {"disk_full": disk_is_full()})      # the organiser's pages say so
    app.register_error_handler(StaleDataError, changed_meanwhile)
    app.register_error_handler(IntegrityError, changed_meanwhile)     # two writers took the same unique key
    app.register_error_handler(InternalError, internal_error)
    app.register_error_handler(DataError, cannot_store)
