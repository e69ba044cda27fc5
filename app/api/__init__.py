"""The JSON API, version 1."""
from app.api.blueprint import bp
from app.api import house_rules, openapi, table, views  # noqa: F401  (registers the routes on bp)

__all__ = ["bp"]
