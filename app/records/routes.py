"""The records blueprint with every route module attached (the factory registers `bp`)."""
from app.records import importing, merging, names, player, roster, seasons  # noqa: F401  (add their routes and helpers to bp)
from app.records.views import bp

__all__ = ["bp"]
