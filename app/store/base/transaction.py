"""The transaction of a change, for the features: all of it saved by its store function, or nothing."""
from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from app.extensions import db


def nothing_saved() -> None:
    """Forget every change of this request not yet saved: a refused change saves nothing."""
    db.session.rollback()


def stage_change() -> None:
    """Send the change so far to the database inside its transaction (new rows get their ids, a clash shows
    now); it is saved, or undone, with the rest of the change."""
    db.session.flush()


def saved_new(row) -> bool:
    """Keep a new row at once; False, with nothing saved, when one of its unique keys was taken first."""
    db.session.add(row)
    try:
        db.session.commit()
    except IntegrityError:
        nothing_saved()
        return False
    return True
