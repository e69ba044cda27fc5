"""The club afternoon: organisers, the club's players, sessions, the board and results."""
from app.club.blueprint import api_bp, bp
from app.club import accounts, api, board, house_pages, lists_api, pages, players_api, staff  # noqa: F401  (each adds its routes)

bp.before_app_request(staff.guard_roles)

__all__ = ["api_bp", "bp"]
