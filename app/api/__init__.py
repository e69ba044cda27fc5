"""The JSON API, version 1."""
from app.api.blueprint import bp
from app.api import openapi, views  # noqa: F401  (register the routes on bp)

__all__ = ["bp"]
