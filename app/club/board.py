"""The organiser's board (polled JSON with ETag), its actions, the results and the printed papers."""
from __future__ import annotations

from flask import current_app, flash, jsonify, redirect, render_template, request, url_for
from flask_login import login_required

from app.store.club.afternoon import afternoon_over, tables_over
from app.store.club.house_rules import house_rules_words, references
from app.web.sign_in import api_organiser, organiser_actor
from app.club.blueprint import bp
from app.store.club.clock import (call_time, clock_document, format_of_session, results, round_games, tables,
                                  time_is_called)
from app.web.lookup import load_game, load_session
from app.club.pages import problems_of
from app.store.club.departures import session_changes
from app.club.printing import render_cards_pdf, render_session_pdf
from app.store.club.sessions import draw_words
from app.web.network import tablets_url
from app.store.base.brakes import release_code_brake
from app.store.base.transaction import nothing_saved
from app.store.club.calls import call_document, clear_call, open_calls
from app.store.stamps import board_stamp
from app.web.polltags import poll_etag
from app.web.validators import page_tag, validated
from app.store.game.ending import session_clock
from app.rules.ranking import METHOD
from app.store.game.games import end_game, reset_table_code
from app.render.chart import day_chart
from app.render.pdf import pdf_response
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import status_for

#: How often the board asks for news, in milliseconds (BOARD_POLL_MS in the app's config, for the tests' server).
POLL_MS = 5000
#: How long the board waits between asks between rounds (every table finished, no call open), in seconds: only
#: the organiser's next draw, made from the board itself, changes it then. It asks at once when it wakes.
QUIET_POLL_SECONDS = 60


def board_document(session) -> dict:
    """Every table of the round (with the house rules its game is played by), who sits out, and whether time was
    called."""
    games = round_games(session)
    views = tables(session, games)
    calls = [call_document(call) for call in open_calls(session)]
    house = references(view.game.house_rules_version_id for view in views)
    return {
        "session": session.id, "round": session.round, "time_called": time_is_called(session),
        "format": format_of_session(session), "sitting_out": list(session.sitting_out),
        "owing": [view.label for view in views if view.owes_last_hand], "draw_words": draw_words(session, games),
        "tables": [{**view.as_dict(), "last_entry_at": view.last_entry_at,
                    "house_rules": house.get(view.game.house_rules_version_id)} for view in views],
        "clock": clock_document(session),
        "agreement": bool(session.agreement), "calls": calls,
        "round_over": round_over(views), "afternoon_over": afternoon_over(session, views), "next_poll": QUIET_POLL_SECONDS if round_over(views) and not calls else None,
    }


def round_over(views) -> bool:
    """True once every table of the round has finished (and every hand of it counts), as the afternoon's end
    reads it (app/store/club/afternoon.py)."""
    return tables_over(views)


def session_tag(session, page: str) -> str:
    """A session page's ETag: the session, its stamp (its version, and the minute while its clock runs) and who
    is looking (the page's address and viewer are in every page's tag: app/web/validators.py)."""
    return page_tag(page, session.id, board_stamp(session.id, session.club_id)[0])


@bp.get("/club/sessions/<int:session_id>/board")
@login_required
def board(session_id: int):
    """Every table at a glance, for a laptop or projector; updates itself (a 304 while the session is as the
    browser's copy shows it)."""
    session = load_session(session_id)
    return validated(session_tag(session, "board"), lambda: board_page(session))


def board_page(session) -> str:
    """The board's page as the session stands."""
    games = round_games(session)
    views = tables(session, games)
    over = round_over(views)
    return render_template("club/board.html", session=session, tables=views, round_over=over,
                           poll_ms=current_app.config.get("BOARD_POLL_MS", POLL_MS),
                           clock=None if over else session_clock(session),
                           calls=[call_document(c) for c in open_calls(session)],
                           format_words=format_of_session(session), time_called=time_is_called(session),
                           draw_words=draw_words(session, games),
                           house_words=house_rules_words(session.house_rules_version_id))


@bp.get("/club/sessions/<int:session_id>/board.json")
@login_required
def board_json(session_id: int):
    """The board's figures; 304 when nothing changed since the ETag the board holds."""
    session = load_session(session_id)
    stamp = poll_etag(board_stamp(session.id, session.club_id)[0], session.club_id)
    if request.if_none_match.contains(stamp):
        response = current_app.response_class(status=304)
    else:
        response = current_app.response_class(current_app.json.dumps(board_document(session)),
                                              mimetype="application/json")
    response.set_etag(stamp)
    response.headers["Cache-Control"] = "no-cache"
    return response


def back_to_board(session_id: int, message: str, category: str = "success"):
    """Back to the board with a message."""
    flash(message, category)
    return redirect(url_for("club.board", session_id=session_id))


@bp.post("/club/sessions/<int:session_id>/calls/<int(max=2147483647):call_id>/clear")
@login_required
def clear_call_page(session_id: int, call_id: int):
    """The organiser has seen to a table's call: it leaves the board's call list."""
    session = load_session(session_id)
    try:
        call = clear_call(session, call_id, organiser_actor())
    except Refusal as error:
        nothing_saved()
        return back_to_board(session.id, " ".join(problems_of(error)), "error")
    return back_to_board(session.id, f"{call_document(call)['label']}'s call is cleared.")


@bp.route("/club/sessions/<int:session_id>/call-time", methods=["GET", "POST"])
@login_required
def call_time_page(session_id: int):
    """Time! Asked first; then every table finishes the hand in play (hand 1 at a table with none yet)."""
    session = load_session(session_id)
    if request.method == "GET":
        playing = [view.label for view in tables(session) if not view.outcome.over]
        return render_template("club/confirm_time.html", session=session, playing=playing,
                               called=time_is_called(session))
    try:
        owing = call_time(session, organiser_actor())
    except Refusal as error:
        nothing_saved()
        return back_to_board(session.id, " ".join(problems_of(error)), "error")
    if owing:
        return back_to_board(session.id, "Time is called: each table finishes the hand in play and enters it.")
    return back_to_board(session.id, "Time is called. Every table has finished.")


def session_game(game_id: int):
    """A game that belongs to a session, for the board's actions."""
    game = load_game(game_id)
    if game.session_id is None:
        return game, url_for("games.game", game_id=game.id)
    return game, url_for("club.board", session_id=game.session_id)


@bp.post("/club/games/<int:game_id>/end")
@login_required
def end_game_page(game_id: int):
    """End one table's game now, from the board."""
    game, back = session_game(game_id)
    version = request.form.get("version", type=int)
    try:
        end_game(game, version=version, actor=organiser_actor())
    except Refusal as error:
        nothing_saved()
        flash(" ".join(problems_of(error)), "error")
        return redirect(back)
    flash(f"{game.table_label or 'The game'} is ended.", "success")
    return redirect(back)


@bp.post("/club/games/<int:game_id>/code")
@login_required
def reset_code_page(game_id: int):
    """A new table code for a table (the old one stops working on tablets that did not hold it)."""
    game, back = session_game(game_id)
    code = reset_table_code(game, actor=organiser_actor())
    flash(f"{game.table_label or 'The game'} has a new table code: {code}.", "success")
    return redirect(back)


@bp.post("/club/games/<int:game_id>/brake")
@login_required
def release_brake_page(game_id: int):
    """Let every tablet type a table's code again at once (after wrong codes made them wait)."""
    game, back = session_game(game_id)
    if request.form.get("confirmed") != "yes":
        flash("Nothing was changed: tick the box to confirm, then press the button again.", "error")
        return redirect(back)
    cleared = release_code_brake(game)
    label = game.table_label or "The game"
    flash(f"{label}: tablets can type the table code again now." if cleared else
          f"{label}: no tablet was waiting after wrong codes.", "success")
    return redirect(back)


@bp.get("/club/sessions/<int:session_id>/results")
@login_required
def results_page(session_id: int):
    """Results of the day in big type, with the method (a 304 while the session is as the browser's copy
    shows it)."""
    session = load_session(session_id)
    return validated(session_tag(session, "results"), lambda: results_of_day(session))


def results_of_day(session) -> str:
    """The results page as the session stands."""
    standings = results(session)
    return render_template("club/results.html", session=session, standings=standings, method=METHOD,
                           tables=tables(session), format_words=format_of_session(session),
                           changes=session_changes(session), day=day_chart(standings),
                           house_words=house_rules_words(session.house_rules_version_id))


def public_root() -> str:
    """The address tablets reach the app at: PUBLIC_URL when set, else this machine's LAN address and the port the
    server listens on (the server's own, never the Host header of the organiser's browser)."""
    return (current_app.config.get("PUBLIC_URL") or tablets_url(request.environ.get("SERVER_PORT"))).rstrip("/")


@bp.get("/club/sessions/<int:session_id>/cards.pdf")
@login_required
def cards_pdf(session_id: int):
    """A table card per table: number, players in seating order, the code in big digits and a QR code."""
    session = load_session(session_id)
    return pdf_response(render_cards_pdf(session, tables(session), public_root()),
                        f"treys-session-{session.id}-table-cards.pdf")


@bp.get("/sessions/<int:session_id>/print.pdf")
def print_pdf(session_id: int):
    """Results of the day and every table's score sheet in one PDF (organiser login or HTTP Basic)."""
    try:
        api_organiser(browser=True)
    except Refusal as error:
        response = jsonify({"errors": [p.as_dict() for p in error.problems]})
        response.status_code = status_for(RefusalKind.UNAUTHORISED)
        response.headers["WWW-Authenticate"] = 'Basic realm="Treys organiser"'
        return response
    session = load_session(session_id)
    data = render_session_pdf(session, results(session), METHOD)
    return pdf_response(data, f"treys-session-{session.id}-results.pdf")
