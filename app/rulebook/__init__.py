"""Rules reference pages and the set checker, from the engine's data."""
from flask import Blueprint

bp = Blueprint("rulebook", __name__)

# The modules below add their routes to bp; imported last so they can import bp.
from app.rulebook import views  # noqa: E402,F401
