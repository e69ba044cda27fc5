"""The games blueprint: score keeping at the table; every answer gives a tablet without its id its cookie."""
from flask import Blueprint, request

from app.web.tablet import COOKIE, COOKIE_AGE, tablet_id

bp = Blueprint("games", __name__)


@bp.after_request
def keep_tablet_id(response):
    """Give a tablet without an id its cookie, on every page of the games blueprint."""
    if request.cookies.get(COOKIE) != tablet_id():
        response.set_cookie(COOKIE, tablet_id(), max_age=COOKIE_AGE, httponly=True, samesite="Lax")
    return response
