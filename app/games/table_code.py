"""The table code: entered once on a tablet, remembered in its session, needed to write to a game."""
from __future__ import annotations

from functools import partial, wraps

from flask import flash, redirect, render_template, request, url_for
from flask_login import current_user
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField

from app.web.sign_in import changes_without_code, organiser_actor
from app.games.blueprint import bp
from app.web.tablet import remember_code, tablet
from app.web.lookup import load_game
from app.store.game.gamelog import Actor
from app.store.game.models import Game
from app.store.game.hands import find_hand
from app.store.base.brakes import check_code_from
from app.reading import safe_redirect
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import status_for, status_of
from app.web.visibility import Reader, held_code, reader_of

class TableCodeForm(FlaskForm):
    """The four digits written on the score sheet."""

    code = StringField("Table code")
    next = HiddenField()


def known_code(game: Game) -> str | None:
    """The code this tablet holds for the game, when it is the right one."""
    return held_code(game)


def code_page(game: Game, next_url: str, form: TableCodeForm | None = None, *,
              error: str | None = None, status: int = 200, kept: bool = False):
    """The big 'Enter the table code' form, coming back to next_url once accepted (`kept`: the club keeps the
    game from whoever has neither its code nor an account, so the page names it by its table alone)."""
    form = form or TableCodeForm(formdata=None, next=next_url)
    return render_template("games/code.html", game=game, form=form, error=error, kept=kept), status


def organiser_here(game: Game) -> bool:
    """True when an organiser (not a results viewer) of the game's club is signed in on this browser: they
    change any of the club's games without its table code."""
    return changes_without_code(current_user, game)


def writer(game: Game) -> Actor:
    """Who the game's record names for a write from this browser: the signed-in organiser by name, else the
    tablet (by its cookie)."""
    return organiser_actor() if organiser_here(game) else tablet()


def needs_code(game: Game):
    """None when this tablet holds the game's code (or the club's organiser is signed in), else the code page
    (403 for a write)."""
    if organiser_here(game) or known_code(game):
        return None
    status = status_for(None if request.method == "GET" else RefusalKind.FORBIDDEN)
    error = None if request.method == "GET" else (
        "Nothing was saved: this tablet does not know the table code of this game yet.")
    return code_page(game, request.path, error=error, status=status, kept=reader_of(game) is Reader.STRANGER)


def with_table_code(view=None, *, whole: bool = True):
    """Load the game for a view that writes to it (`whole` False: its teams and players alone, its hands unread);
    the code page instead when this tablet lacks the code."""
    if view is None:
        return partial(with_table_code, whole=whole)

    @wraps(view)
    def guarded(game_id: int, **kwargs):
        game = load_game(game_id, whole=whole)
        if "number" in kwargs:          # a hand the game does not have is not found, code or no code
            find_hand(game, kwargs["number"])
        return needs_code(game) or view(game, **kwargs)
    return guarded


def safe_next(game: Game, target: str | None) -> str:
    """Where to go after the code: a page of this game, else the game page."""
    fallback = url_for("games.game", game_id=game.id)
    target = safe_redirect(target, fallback)
    return target if target.startswith(f"/games/{game.id}/") and "//" not in target else fallback


@bp.post("/games/<int:game_id>/code")
def enter_code(game_id: int):
    """Check a typed table code; remember it on this tablet and go on."""
    game = load_game(game_id)
    form = TableCodeForm()
    if not form.validate():
        return code_page(game, form.next.data or "", form, status=status_for(RefusalKind.BAD_REQUEST),
                         error="Please type the table code again.", kept=reader_of(game) is Reader.STRANGER)
    code = str(form.code.data or "").strip()
    try:
        check_code_from(request.remote_addr, game, code)
    except Refusal as error:
        if error.kind is RefusalKind.THROTTLED:
            return code_page(game, form.next.data or "", form, status=status_of(error),
                             error=error.problems[0].message, kept=reader_of(game) is Reader.STRANGER)
        return code_page(game, form.next.data or "", form, status=status_for(RefusalKind.FORBIDDEN),
                         kept=reader_of(game) is Reader.STRANGER,
                         error="That is not this game's table code. It is the 4-digit number "
                               "written on the score sheet, or shown on the tablet that opened the game.")
    remember_code(game.id, code)
    flash("Table code accepted: this tablet can now enter hands for this game.", "success")
    return redirect(safe_next(game, form.next.data))
