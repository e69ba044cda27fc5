"""Entering, correcting and removing hands, and the live preview of a hand's scores."""
from __future__ import annotations

from flask import abort, flash, jsonify, redirect, render_template, request, url_for

from app.rules.numbers import points, signed
from app.games.blueprint import bp
from app.games.table_code import needs_code, with_table_code, writer
from app.web.lookup import load_game
from app.web.visibility import readable_game
from app.games.news import last_hand_notice, news_words
from app.games.forms import ConfirmForm
from app.games.handform import (Reading, hand_data, hand_form_class, hand_number_of, new_token,
                                read_form, sections, token_of, version_of)
from app.games.views import game_page
from app.store.game.ending import game_clock
from app.store.game.models import Game
from app.rules import (CARD_POINTS, GameState, dealer_for_hand, initial_meld_minimum, score_hand, validate_hand,
                       winner_sentence)
from app.rules.operations import corrected_state, verify_remove_hand
from app.store.game.states import ruleset_of, state_of
from app.store.game.hands import add_hand, correct_hand, find_hand, remove_last_hand
from app.render.sheet import game_sheet
from app.rules.refusal import NOT_LAST_HAND, Refusal, RefusalKind
from app.web.errors import REFUSAL_STATUS, status_for, status_of

#: The card-count helper's rows: which cards, and the points each counts (the engine's card points).
CARD_GROUPS = (
    ("Jokers", CARD_POINTS["JK"]), ("2s", CARD_POINTS["2"]), ("Aces", CARD_POINTS["A"]),
    ("8, 9, 10, J, Q, K", CARD_POINTS["8"]), ("4, 5, 6, 7", CARD_POINTS["4"]),
)


def dealer(game: Game, number: int) -> str:
    """Who deals hand `number`."""
    team, player = dealer_for_hand(game.team_players, (game.first_dealer_team, game.first_dealer_player),
                                   number)
    return game.team_players[team][player]


def form_for(game: Game, **kwargs):
    """The hand form of this game (formdata from the request on POST, else `data`)."""
    return hand_form_class(ruleset_of(game), game.team_names)(**kwargs)


def render_hand(game: Game, form, number: int, state: GameState, *, editing: bool, reading: Reading | None = None,
                status: int = 200, notice: str | None = None):
    """The hand entry (or correction) page, from the game's state."""
    ruleset = state.ruleset
    before = state.totals_before(number)
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
        labels=field_labels(ruleset, form, game.team_names), news=news_words(game, state), clock=game_clock(game),
    ), status


def field_labels(ruleset, form, names: list[str]) -> dict[str, tuple[str, str]]:
    """Each form field's words and the id to jump to, for the refusal summary."""
    labels = {"went_out": ("Who went out?", f"went_out-{form.went_out.options[0][0]}"),
              "concealed": ("Went out concealed", "concealed")}
    for i, name in enumerate(names):
        for section in sections(ruleset):
            for line in section.lines:
                field_id = f"team{i}-{line.name}"
                labels[field_id] = (f"{line.label} ({name})", field_id)
    return labels


def check(game: Game, form) -> Reading:
    """Read the form; the game store lets the engine check the entries once, when saving."""
    return read_form(form, ruleset_of(game), game.team_names)


def refused(game: Game, error: Refusal, form, number: int, *, editing: bool):
    """A refused write of a hand (the store saved nothing): the game as it now stands for a conflict, else the form
    with the reasons."""
    state = state_of(game)
    if error.kind is RefusalKind.CONFLICT:
        return stale_page(game, state, str(error), status_of(error))
    if error.kind in (RefusalKind.NOT_FOUND, RefusalKind.FORBIDDEN):
        abort(status_of(error), str(error))
    reading = Reading(None)
    reading.add_problems(error.problems, form)
    return render_hand(game, form, number, state, editing=editing, reading=reading,
                       status=status_of(error) if error.kind is RefusalKind.BUSY else REFUSAL_STATUS[RefusalKind.INVALID])


def stale_page(game: Game, state: GameState, notice: str, status: int):
    """Why nothing was saved from a hand form, with the game's totals as they now stand (`state`) and the next
    step (the score sheet is one tap away)."""
    outcome = state.outcome
    return render_template(
        "games/stale.html", game=game, notice=notice, totals=list(zip(game.team_names, state.totals)),
        over=outcome.over, outcome_words=outcome.words(game.team_names) if outcome.over else "",
        next_hand=len(state.hands) + 1), status


@bp.get("/games/<int:game_id>/hands/new")
@with_table_code
def hand_new(game: Game):
    """The form for the next hand."""
    number = len(game.hands) + 1
    state = state_of(game)
    outcome = state.outcome
    if outcome.over:
        after = ("The organiser starts the next round." if game.session_id is not None
                 else "Start a new game from the home page.")
        flash(f"This game is over: {outcome.words(game.team_names)} No more hands can be entered. {after}", "info")
        return redirect(url_for("games.game", game_id=game.id))
    form = form_for(game, data={"version": str(game.version), "client_token": new_token(),
                                "hand_number": str(number)})
    last = last_hand_notice(game, outcome)
    return render_hand(game, form, number, state, editing=False, notice=last)


@bp.post("/games/<int:game_id>/hands/new")
@with_table_code(whole=False)
def save_hand(game: Game):
    """Save the next hand, as the tablet's form sends it: the form read whole first (types only), then one call
    to the store, which checks and writes it (the engine verifies and scores it), then the answer from what the
    store gave back alone (a refusal raised by the store, which saved nothing). The game's hands are not read:
    the store adds the new one beside them."""
    number = len(state_of(game).hands) + 1
    form = form_for(game)
    reading = check(game, form)
    token, version, opened_for = token_of(form), version_of(form), hand_number_of(form)
    if not reading.ok:
        return render_hand(game, form, number, state_of(game), editing=False, reading=reading,
                           status=status_for(RefusalKind.INVALID))
    try:
        entered = add_hand(game, reading.entries, client_token=token, version=version, opened_for=opened_for,
                           actor=writer(game))
    except Refusal as error:
        return refused(game, error, form, number, editing=False)
    if entered.created:
        flash(f"Hand {entered.hand.number} saved.", "success")
    else:
        flash(f"Hand {entered.hand.number} was already saved (Save was pressed twice): it is recorded once.", "info")
    return redirect(url_for("games.game", game_id=game.id))


@bp.route("/games/<int:game_id>/hands/<int(max=2147483647):number>/edit", methods=["GET", "POST"])
@with_table_code
def hand_edit(game: Game, number: int):
    """Correct a recorded hand: every later total, minimum and the winner follow."""
    hand = find_hand(game, number)
    if request.method == "GET":
        form = form_for(game, data={**hand_data(hand), "version": str(game.version)})
        return render_hand(game, form, number, state_of(game), editing=True)
    form = form_for(game)
    reading = check(game, form)
    if not reading.ok:
        return render_hand(game, form, number, state_of(game), editing=True, reading=reading,
                           status=status_for(RefusalKind.INVALID))
    try:
        correct_hand(game, number, reading.entries, version=version_of(form), actor=writer(game))
    except Refusal as error:
        return refused(game, error, form, number, editing=True)
    flash(f"Hand {number} corrected.", "success")
    return redirect(url_for("games.game", game_id=game.id))


@bp.route("/games/<int:game_id>/hands/<int(max=2147483647):number>/remove", methods=["GET", "POST"])
@with_table_code
def hand_remove(game: Game, number: int):
    """Remove the last hand, after a confirmation step."""
    find_hand(game, number)
    not_last = [p for p in verify_remove_hand(state_of(game), number) if p.code == NOT_LAST_HAND]
    if not_last:
        return game_page(game, status=REFUSAL_STATUS[RefusalKind.CONFLICT], notice=not_last[0].message)
    form = ConfirmForm()
    if request.method == "POST" and form.validate():
        try:
            remove_last_hand(game, number, version=version_of(form), actor=writer(game))
        except Refusal as error:
            if error.kind is RefusalKind.NOT_FOUND:
                abort(status_of(error), str(error))
            seen_as = error.kind if error.kind is RefusalKind.FORBIDDEN else RefusalKind.CONFLICT
            return game_page(game, notice=str(error), status=REFUSAL_STATUS[seen_as])
        flash(f"Hand {number} removed.", "success")
        return redirect(url_for("games.game", game_id=game.id))
    if request.method == "GET":
        form = ConfirmForm(formdata=None, version=str(game.version))
    row = game_sheet(game).rows[number - 1]
    return render_template("games/remove.html", game=game, form=form, number=number, row=row)


@bp.post("/games/<int:game_id>/preview", endpoint="preview_new")
@bp.post("/games/<int:game_id>/hands/<int(max=2147483647):number>/preview", endpoint="preview_edit")
def preview(game_id: int, number: int | None = None):
    """The engine's scores for the entry as it stands, or its problems, as JSON (nothing is saved); for whoever
    may read the game."""
    game = load_game(game_id)
    readable_game(game)
    if number is not None:
        find_hand(game, number)
    number = number or len(game.hands) + 1
    ruleset = ruleset_of(game)
    state = state_of(game)
    before = state.totals_before(number)
    form = form_for(game, meta={"csrf": False})
    # after a refused Save the form asks the same as Save does (who went out must be chosen)
    reading = read_form(form, ruleset, game.team_names, strict=request.form.get("refused") == "yes")
    if reading.entries is not None:
        reading.add_problems(validate_hand(ruleset, reading.entries, before), form)
    if not reading.ok:
        return jsonify(ok=False, errors=reading.errors, general=reading.general,
                       went_out_chosen=reading.went_out_chosen)
    result = score_hand(ruleset, reading.entries, before, game.target)
    teams = [{"name": team.name, "score": team.score, "total": team.progressive,
              "score_text": signed(team.score), "total_text": points(team.progressive),
              "next_minimum": team.next_initial_meld_minimum,
              "melded": entry.has_melded,
              "lines": [{"label": line.label, "points": line.points, "text": signed(line.points)}
                        for line in team.breakdown]}
             for team, entry in zip(result.teams, reading.entries)]
    # who wins is said once the hand can be saved (who went out chosen), never from a form still empty
    winner = preview_winner(state, number, reading.entries, game.team_names) if reading.went_out_chosen else None
    return jsonify(ok=True, teams=teams, winner=winner, went_out_chosen=reading.went_out_chosen,
                   winner_sentence=winner_sentence(winner) if winner else None)


def preview_winner(state: GameState, number: int, entries, names: list[str]) -> str | None:
    """The team that wins the game with this hand, as the game's outcome after it says (the winning rule, or the
    format's last hand or the clock, where the higher total wins); None when the game runs on, or ends elsewhere."""
    after = state.plus(entries, valid=True) if number > len(state.hands) else corrected_state(state, number, entries)
    outcome = after.outcome
    if outcome.winner is None or outcome.at_hand != number or number != len(after.hands):
        return None
    return names[outcome.winner]


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
    return render_hand(game, form, number or len(game.hands) + 1, state_of(game), editing=editing, reading=reading,
                       status=status_for(RefusalKind.BAD_REQUEST))
