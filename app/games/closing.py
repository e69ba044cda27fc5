"""Ending a game at the table: end it early, abandon it, or delete one started by mistake (confirm steps)."""
from __future__ import annotations

from dataclasses import dataclass

from flask import flash, redirect, render_template, request, url_for

from app.store.base.transaction import nothing_saved
from app.rules.numbers import points
from app.games.blueprint import bp
from app.games.table_code import with_table_code, writer
from app.games.forms import ConfirmForm
from app.games.handform import version_of
from app.games.views import game_page
from app.store.game.models import Game
from app.rules import verb
from app.store.game.games import abandon_game, delete_game, end_game
from app.store.game.states import state_of
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import REFUSAL_STATUS


@dataclass(frozen=True)
class Closing:
    """One way of closing a game: the question, what follows, the button and the service that does it."""

    action: str
    question: str
    button: str
    done: str
    service: object


CLOSINGS = {
    "end": Closing("end", "End this game now?", "Yes, end the game now", "The game was ended.", end_game),
    "abandon": Closing("abandon", "Abandon this game?", "Yes, abandon the game",
                       "The game was abandoned: it has no result.", abandon_game),
    "delete": Closing("delete", "Delete this game?", "Yes, delete the game",
                      "The game was deleted.", delete_game),
}


def outcome(game: Game) -> str:
    """What ending now means, in words: who wins on the higher total, a draw, or no result."""
    state = state_of(game)
    if not game.hands:
        return "No hand has been entered, so the game ends with no result."
    totals = ", ".join(f"{name} {points(total)}" for name, total in zip(game.team_names, state.totals))
    top = max(state.totals)
    if state.totals.count(top) > 1:
        return f"The totals are {totals}: equal at the top, so the game ends in a draw."
    leader = game.team_names[state.totals.index(top)]
    return f"The totals are {totals}: {verb(leader, 'wins', 'win')} on the higher total."


def explanation(game: Game, closing: Closing) -> str:
    """The sentence under the question."""
    if closing.action == "end":
        return outcome(game)
    if closing.action == "abandon":
        return "The game stops here with no winner and no result. The hands stay on the record."
    return "Use this only for a game started by mistake: it leaves the lists. This cannot be undone."


@bp.route("/games/<int:game_id>/<any(end, abandon, delete):action>", methods=["GET", "POST"])
@with_table_code
def close_game(game: Game, action: str):
    """Confirm, then end, abandon or delete the game (each kept on the game's record)."""
    closing = CLOSINGS[action]
    form = ConfirmForm()
    if request.method == "POST" and form.validate():
        try:
            closing.service(game, version=version_of(form), actor=writer(game))
        except Refusal as error:
            nothing_saved()
            seen_as = RefusalKind.CONFLICT if error.kind is RefusalKind.INVALID else error.kind   # clashes with the page
            return game_page(game, notice=str(error), status=REFUSAL_STATUS[seen_as])
        flash(closing.done, "success")
        if action == "delete":
            return redirect(url_for("games.home"))
        return redirect(url_for("games.game", game_id=game.id))
    if request.method == "GET":
        form = ConfirmForm(formdata=None, version=str(game.version))
    return render_template("games/close.html", game=game, form=form, closing=closing,
                           explanation=explanation(game, closing))
