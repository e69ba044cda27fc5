"""Rules reference pages and the set checker, from the engine's data."""
from app.rulebook.blueprint import bp
from app.rulebook import views  # noqa: F401  (each adds its routes)

__all__ = ["bp"]
