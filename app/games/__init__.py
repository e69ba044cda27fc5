"""Score keeping at the table: home, new game, score sheet, hand entry and corrections."""
from flask import Blueprint

bp = Blueprint("games", __name__)

# The modules below add their routes to bp; imported last so they can import bp.
from app.games import codes, hands, refusals, views  # noqa: E402,F401
from app.games.format import points, signed  # noqa: E402

bp.add_app_template_filter(points, "num")  # "points" is the sheets blueprint's (same output)
bp.add_app_template_filter(signed, "signed")
