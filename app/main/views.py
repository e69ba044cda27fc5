"""Views of the main blueprint."""

from flask import Blueprint

bp = Blueprint("main", __name__)


@bp.get("/healthz")
def healthz():
    """Answer a liveness probe."""
    return {"status": "ok"}
