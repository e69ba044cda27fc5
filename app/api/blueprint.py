"""The API's blueprints, both mounted at /api/v1: the tables' (games, hands, rules) and the club's (sessions,
players, lists; signed in as an organiser, with its own refusal handler)."""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")
club_bp = Blueprint("club_api", __name__, url_prefix="/api/v1")
