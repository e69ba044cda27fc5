"""Faults of the database and races between tablets: a clear 503 or 409, never a 500."""
from __future__ import annotations

from flask import Flask, current_app, render_template
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, InternalError, OperationalError
from sqlalchemy.orm.exc import StaleDataError

from app.errors import error_document, handle_unexpected_exception, is_api_request
from app.extensions import db

CANNOT_SAVE = "The scores cannot be saved just now; tell the organiser."
CHANGED_MEANWHILE = ("Someone else changed this game at the same moment, so nothing was saved from here. "
                     "Open the game again to see it as it is now, then enter again if needed.")


def rolled_back() -> None:
    """Forget the failed transaction (the connection may be gone: that is fine too)."""
    try:
        db.session.rollback()
    except Exception:     # noqa: BLE001  (a dead connection cannot roll back; the pool replaces it)
        db.session.close()


def answer(status: int, title: str, message: str, headers: dict | None = None):
    """The error as the API's JSON document or the friendly page."""
    if is_api_request():
        body = current_app.json.dumps(error_document(message))
        return body, status, {"Content-Type": "application/json", **(headers or {})}
    return render_template("error.html", code=status, title=title, message=message), status, headers or {}


def database_unavailable(error: DBAPIError):
    """Disk full, a read-only file, a dropped connection: 503, and the tablet keeps the hand."""
    rolled_back()
    current_app.logger.warning("Database unavailable: %s", str(error).splitlines()[0])
    return answer(503, "Cannot save just now", CANNOT_SAVE, {"Retry-After": "30"})


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
                                           "character in a name). Nothing was saved: correct it and send again.")


def changed_meanwhile(error: StaleDataError | IntegrityError):
    """Two tablets wrote the same game at once (e.g. one removed the hand the other corrected): 409."""
    rolled_back()
    return answer(409, "Changed meanwhile", CHANGED_MEANWHILE)


def register_fault_handlers(app: Flask) -> None:
    """Attach the handlers (more specific than the catch-all Exception handler)."""
    app.register_error_handler(OperationalError, database_unavailable)
    app.register_error_handler(StaleDataError, changed_meanwhile)
    app.register_error_handler(IntegrityError, changed_meanwhile)     # two writers took the same unique key
    app.register_error_handler(InternalError, internal_error)
    app.register_error_handler(DataError, cannot_store)
