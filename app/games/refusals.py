"""A refused CSRF token: a friendly page (or JSON for the preview), and nothing is stored."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from app.web.errors import handle_http_exception, handle_refusal, status_for
from app.rules.refusal import Refusal, RefusalKind
from app.games.blueprint import bp
from app.games.hands import resend_page

REFUSED = ("For your safety nothing was saved: this page had been open for a long time, "
           "or it was sent from somewhere else.")


def same_origin() -> bool:
    """The refused form was sent by a page of this site (a stale token, not a forgery)."""
    source = request.headers.get("Origin") or request.headers.get("Referer") or ""
    return bool(source) and urlsplit(source).netloc == request.host


def refused_page(error: CSRFError):
    """The friendly answer to a missing or wrong CSRF token, for every games and rules page."""
    if request.path.endswith("/preview"):
        return jsonify(ok=False, errors={}, general=[REFUSED + " Reload the page to see the preview."]), \
            status_for(RefusalKind.BAD_REQUEST)
    args = request.view_args or {}
    if request.endpoint in ("games.save_hand", "games.hand_edit") and same_origin():
        try:
            return resend_page(args["game_id"], args.get("number"), REFUSED)
        except HTTPException as missing:    # an unknown game: its own clear page
            return handle_http_exception(missing)
        except Refusal as missing:          # an unknown hand: likewise
            return handle_refusal(missing)
    back = f"/games/{args['game_id']}" if "game_id" in args else request.path
    return render_template("games/refused.html", message=REFUSED, back=back), status_for(RefusalKind.BAD_REQUEST)


bp.register_error_handler(CSRFError, refused_page)
