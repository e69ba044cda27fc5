"""Views of the main blueprint."""

from app.main.blueprint import bp


@bp.get("/healthz")
def healthz():
    """Answer a liveness probe."""
    return {"status": "ok"}
