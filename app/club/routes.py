"""The club's routes, gathered: import this module to register them on the club blueprints."""
from app.club import accounts, api, board, pages  # noqa: F401  (each adds its routes)
from app.club.blueprint import api_bp, bp

__all__ = ["api_bp", "bp"]
