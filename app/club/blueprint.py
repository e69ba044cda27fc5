"""The club blueprint: the organiser's pages (the club's JSON routes are the API's: app/api/club.py)."""
from flask import Blueprint

from app.rules import seat_order

bp = Blueprint("club", __name__)


@bp.app_context_processor
def club_helpers() -> dict:
    """Seat order for the club's templates."""
    return {"seat_order": seat_order}
