"""Entering, correcting and removing hands, and the live preview of a hand's scores."""
from __future__ import annotations

from flask import abort, flash, jsonify, redirect, render_template, request, url_for

from app.extensions import db
from app.formatting import points, signed
from app.games import bp
from app.games.codes import needs_code, with_table_code
from app.games.common import load_game
from app.games.forms import ConfirmForm
from app.games.handform import (Reading, hand_data, hand_form_class, new_token, read_form, sections,
                                token_of, version_of)
from app.games.views import game_page
from app.models import Game, Hand
from app.rules import (CARD_POINTS, GameState, dealer_for_hand, initial_meld_minimum, score_hand,
                       validate_hand)
from app.services import (GameError, add_hand, correct_hand, remove_last_hand, ruleset_of,
                          state_of)
from app.sheets.view import game_sheet

#: The card-count helper's rows: which cards, and the points each counts (the engine's card points).
CARD_GROUPS = (
    ("Jokers", CARD_POINTS["JK"]), ("2s", CARD_POINTS["2"]), ("Aces", CARD_POINTS["A"]),
    ("8, 9, 10, J, Q, K", CARD_POINTS["8"]), ("4, 5, 6, 7", CARD_POINTS["4"]),
)


def totals_before(game: Game, state: GameState, number: int) -> tuple[int, ...]:
    """Each team's total before hand `number`."""
    if number <= 1 or not state.hands:
        return (0,) * len(game.teams)
    return tuple(team.progressive for team in state.hands[min(number, len(state.hands) + 1) - 2].teams)


def find_hand(game: Game, number: int) -> Hand:
    """The game's hand with this number, or the friendly 404 page."""
    for hand in game.hands:
        if hand.number == number:
            return hand
    abort(404, f"This game has no hand number {number}.")


def dealer(game: Game, number: int) -> str:
    """Who deals hand `number`."""
    team, player = dealer_for_hand(game.team_players, (game.first_dealer_team, game.first_dealer_player),
                                   number)
    return game.team_players[team][player]


def form_for(game: Game, **kwargs):
    """The hand form of this game (formdata from the request on POST, else `data`)."""
    return hand_form_class(ruleset_of(game), game.team_names)(**kwargs)


def render_hand(game: Game, form, number: int, *, editing: bool, reading: Reading | None = None,
                status: int = 200, notice: str | None = None):
    """The hand entry (or correction) page."""
    ruleset = ruleset_of(game)
    state = state_of(game)
    before = totals_before(game, state, number)
    teams = [{"name": team.name, "players": [p.name for p in team.players], "total": total,
              "minimum": initial_meld_minimum(ruleset, total), "part": form[f"team{i}"]}
             for i, (team, total) in enumerate(zip(game.teams, before))]
    preview_url = (url_for("games.preview_edit", game_id=game.id, number=number) if editing
                   else url_for("games.preview_new", game_id=game.id))
    reading = reading or Reading(None)
    return render_template(
        "games/hand.html", game=game, ruleset=ruleset, form=form, number=number, editing=editing,
        teams=teams, sections=sections(ruleset), errors=reading.errors, general=reading.general,
        dealer=dealer(game, number), preview_url=preview_url, notice=notice, card_groups=CARD_GROUPS,
    ), status


def check(game: Game, form, number: int) -> Reading:
    """Read the form and let the engine check the entries against the totals before the hand."""
    ruleset = ruleset_of(game)
    reading = read_form(form, ruleset, game.team_names)
    if reading.entries is not None:
        state = state_of(game)
        reading.add_problems(validate_hand(ruleset, reading.entries, totals_before(game, state, number)), form)
    return reading


def refused(game: Game, error: GameError, form, number: int, *, editing: bool):
    """A write services refused: the new state for a conflict, else the form with the reasons."""
    db.session.rollback()
    if error.status == 409:
        return game_page(game, notice=str(error), status=409)
    if error.status == 404:
        abort(404, str(error))
    if error.status == 403:
        return needs_code(game) or abort(403, str(error))
    reading = Reading(None)
    reading.add_problems(error.problems, form)
    return render_hand(game, form, number, editing=editing, reading=reading, status=422)


@bp.route("/games/<int:game_id>/hands/new", methods=["GET", "POST"])
@with_table_code
def hand_new(game: Game):
    """Enter the next hand."""
    number = len(game.hands) + 1
    if request.method == "GET":
        if state_of(game).game_over:
            flash("This game is over: no more hands can be entered. Start a new game from the home page.",
                  "info")
            return redirect(url_for("games.game", game_id=game.id))
        form = form_for(game, data={"version": str(game.version), "client_token": new_token()})
        return render_hand(game, form, number, editing=False)
    form = form_for(game)
    reading = check(game, form, number)
    if not reading.ok:
        return render_hand(game, form, number, editing=False, reading=reading, status=422)
    try:
        hand, created = add_hand(game, reading.entries, client_token=token_of(form), version=version_of(form))
    except GameError as error:
        return refused(game, error, form, number, editing=False)
    if created:
        flash(f"Hand {hand.number} saved.", "success")
    else:
        flash(f"Hand {hand.number} was already saved (Save was pressed twice): it is recorded once.", "info")
    return redirect(url_for("games.game", game_id=game.id))


@bp.route("/games/<int:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@with_table_code
def hand_edit(game: Game, number: int):
    """Correct a recorded hand: every later total, minimum and the winner follow."""
    hand = find_hand(game, number)
    if request.method == "GET":
        form = form_for(game, data={**hand_data(hand), "version": str(game.version)})
        return render_hand(game, form, number, editing=True)
    form = form_for(game)
    reading = check(game, form, number)
    if not reading.ok:
        return render_hand(game, form, number, editing=True, reading=reading, status=422)
    try:
        correct_hand(game, number, reading.entries, version=version_of(form))
    except GameError as error:
        return refused(game, error, form, number, editing=True)
    flash(f"Hand {number} corrected.", "success")
    return redirect(url_for("games.game", game_id=game.id))


@bp.route("/games/<int:game_id>/hands/<int:number>/remove", methods=["GET", "POST"])
@with_table_code
def hand_remove(game: Game, number: int):
    """Remove the last hand, after a confirmation step."""
    find_hand(game, number)
    if number != len(game.hands):
        return game_page(game, status=409, notice=f"Only the last hand (hand {len(game.hands)}) can be "
                                                  "removed; correct an earlier hand instead.")
    form = ConfirmForm()
    if request.method == "POST" and form.validate():
        try:
            remove_last_hand(game, number, version=version_of(form))
        except GameError as error:
            db.session.rollback()
            if error.status == 404:
                abort(404, str(error))
            return game_page(game, notice=str(error), status=409)
        flash(f"Hand {number} removed.", "success")
        return redirect(url_for("games.game", game_id=game.id))
    if request.method == "GET":
        form = ConfirmForm(formdata=None, version=str(game.version))
    row = game_sheet(game).rows[number - 1]
    return render_template("games/remove.html", game=game, form=form, number=number, row=row)


@bp.post("/games/<int:game_id>/preview", endpoint="preview_new")
@bp.post("/games/<int:game_id>/hands/<int:number>/preview", endpoint="preview_edit")
def preview(game_id: int, number: int | None = None):
    """The engine's scores for the entry as it stands, or its problems, as JSON (nothing is saved)."""
    game = load_game(game_id)
    if number is not None:
        find_hand(game, number)
    number = number or len(game.hands) + 1
    ruleset = ruleset_of(game)
    state = state_of(game)
    before = totals_before(game, state, number)
    form = form_for(game, meta={"csrf": False})
    reading = read_form(form, ruleset, game.team_names, strict=False)
    if reading.entries is not None:
        reading.add_problems(validate_hand(ruleset, reading.entries, before), form)
    if not reading.ok:
        return jsonify(ok=False, errors=reading.errors, general=reading.general)
    result = score_hand(ruleset, reading.entries, before, game.target)
    teams = [{"name": team.name, "score": team.score, "total": team.progressive,
              "score_text": signed(team.score), "total_text": points(team.progressive),
              "next_minimum": team.next_initial_meld_minimum,
              "lines": [{"label": line.label, "points": line.points, "text": signed(line.points)}
                        for line in team.breakdown]}
             for team in result.teams]
    last = number >= len(game.hands)
    winner = result.teams[result.winner].name if last and result.winner is not None else None
    return jsonify(ok=True, teams=teams, winner=winner, went_out_chosen=reading.went_out_chosen)


def resend_page(game_id: int, number: int | None, message: str):
    """The hand form again with what was typed (a stale CSRF token): nothing saved, press Save again."""
    game = load_game(game_id)
    refusal = needs_code(game)
    if refusal:
        return refusal
    editing = number is not None
    if editing:
        find_hand(game, number)
    form = form_for(game, meta={"csrf": False})
    reading = Reading(None)
    reading.add(None, message + " Check the figures below and press Save again.")
    return render_hand(game, form, number or len(game.hands) + 1, editing=editing, reading=reading,
                       status=400)
