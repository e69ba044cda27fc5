"""The club blueprints: organiser pages, and the session endpoints of the JSON API."""
from flask import Blueprint

from app.rules import seat_order

bp = Blueprint("club", __name__)
api_bp = Blueprint("club_api", __name__, url_prefix="/api/v1")


@bp.app_context_processor
def club_helpers() -> dict:
    """Seat order for the club's templates."""
    return {"seat_order": seat_order}
