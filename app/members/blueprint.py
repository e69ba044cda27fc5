"""The members blueprint: the club's settings for its members, their addresses, the members' page and the emails."""
from flask import Blueprint

bp = Blueprint("members", __name__)


@bp.after_request
def keep_nothing(response):
    """Addresses, the outbox and the club's link are personal or private: no browser or proxy keeps them."""
    response.headers["Cache-Control"] = "no-store"
    return response
