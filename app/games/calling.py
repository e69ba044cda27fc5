"""A session table's tablet: call the organiser (asked first; the call can be taken back), and agree (or not) to
a hand in a session that asks."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from app.web.errors import status_of
from app.store.base.transaction import nothing_saved
from app.games.blueprint import bp
from app.games.table_code import with_table_code
from app.web.tablet import table_tablet
from app.games.views import game_page
from app.rules.refusal import Refusal
from app.store.club.agreement import agree_hand, disagree_hand
from app.store.club.calls import call_organiser, open_call, take_back_call
from app.store.game.models import Game


def refused(game: Game, error: Refusal):
    """The game page with the refusal's sentence; nothing stored."""
    nothing_saved()
    return game_page(game, notice=" ".join(p.message for p in error.problems), status=status_of(error))


@bp.route("/games/<int:game_id>/call", methods=["GET", "POST"])
@with_table_code
def call_page(game: Game):
    """Asked first; then put this table on the organiser's call list (on the board)."""
    if request.method == "GET" or request.form.get("confirmed") != "yes":
        return render_template("games/call.html", game=game, call=open_call(game))
    try:
        _, new = call_organiser(game, table_tablet(game.table_label))
    except Refusal as error:
        return refused(game, error)
    flash("The organiser has been called: they will come to your table." if new else
          "The organiser has already been called: they will come to your table.", "success")
    return redirect(url_for("games.game", game_id=game.id))


@bp.post("/games/<int:game_id>/call/back")
@with_table_code
def take_back_page(game: Game):
    """The table no longer needs the organiser: its call leaves the board."""
    try:
        take_back_call(game, table_tablet(game.table_label))
    except Refusal as error:
        return refused(game, error)
    flash("Your call is taken back: the organiser no longer comes to your table.", "success")
    return redirect(url_for("games.game", game_id=game.id))


@bp.post("/games/<int:game_id>/hands/<int(max=2147483647):number>/agreement")
@with_table_code
def agreement_page(game: Game, number: int):
    """'Agreed' by a player of another team, or 'Not agreed' (which calls the organiser)."""
    actor = table_tablet(game.table_label)
    try:
        if request.form.get("decision") == "agreed":
            hand = agree_hand(game, number, request.form.get("player") or "", actor)
            flash(f"Hand {number} agreed by {hand.agreed_by}: it counts on the board.", "success")
        else:
            disagree_hand(game, number, actor, request.form.get("player") or "")
            flash(f"Hand {number} is not agreed: the organiser has been called to your table.", "success")
    except Refusal as error:
        return refused(game, error)
    return redirect(url_for("games.game", game_id=game.id))
