"""Score keeping at the table: home, new game, score sheet, hand entry and corrections."""
from flask import Blueprint

bp = Blueprint("games", __name__)

# The modules below add their routes to bp; imported last so they can import bp.
from app.games import closing, codes, hands, refusals, tablet, views  # noqa: E402,F401
