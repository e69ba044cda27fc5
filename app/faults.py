"""Faults of the database and races between tablets: a clear 503 or 409, never a 500."""
from __future__ import annotations

from flask import Flask, current_app, render_template
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm.exc import StaleDataError

from app.errors import error_document, is_api_request
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


def changed_meanwhile(error: StaleDataError):
    """Two tablets wrote the same game at once (e.g. one removed the hand the other corrected): 409."""
    rolled_back()
    return answer(409, "Changed meanwhile", CHANGED_MEANWHILE)


def register_fault_handlers(app: Flask) -> None:
    """Attach the handlers (more specific than the catch-all Exception handler)."""
    app.register_error_handler(OperationalError, database_unavailable)
    app.register_error_handler(StaleDataError, changed_meanwhile)
