"""The club afternoon: organisers' pages, the club's accounts, sessions, the board and results."""
from app.club.blueprint import bp
from app.club import account_pages, board, house_pages, pages, staff  # noqa: F401  (each adds its routes)

bp.before_app_request(staff.guard_roles)

__all__ = ["bp"]
