"""Organiser pages: the club's sessions, open one, who is here, the draw, seats set by hand, latecomers and
rounds."""
from __future__ import annotations

from datetime import date

from flask import flash, redirect, render_template, request, url_for
from flask_login import login_required
from sqlalchemy import select

from app.club.blueprint import bp
from app.store.base.clubtime import club_today
from app.store.club.clock import format_of_session, tables
from app.store.club.players import active_members
from app.store.club.models import ClubSession
from app.store.club.sessions import (SessionRequest, current_games, draw_words, mark_here, open_session, present,
                                     seat_latecomer, start_round)
from app.extensions import db
from app.store.club.reads import sessions_by_ruleset
from app.store.base.transaction import nothing_saved
from app.reading import read_whole_number
from app.rules import all_rulesets
from app.store.club.house_rules import club_house_rules_beside_documents, house_rules_words
from app.rules.formats import FORMAT_KINDS, FORMAT_NAMES
from app.web.sign_in import organiser_actor
from app.store.club.departures import replace_player, session_changes
from app.store.game.games import delete_game
from app.club.sessionlog_words import event_sentence
from app.store.club.sessionlog import SessionEventKind, save_session_change, session_events
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import status_for, status_of
from app.store.club.seats import SeatChange, SeatChangeKind, set_seats
from app.web.lookup import load_session


def usual_rulesets() -> list:
    """Every rule set, the club's usual ones (most sessions) first."""
    counts = sessions_by_ruleset()
    rulesets = list(all_rulesets())
    return sorted(rulesets, key=lambda r: -counts.get(r.id, 0))


def house_choices() -> list[dict]:
    """The club's house rules as the forms offer them: id, name, base and what differs, in a few words."""
    found = []
    for row, ruleset, diffs in club_house_rules_beside_documents():
        words = "; ".join(f"{d.rule.lower()} {d.club}" for d in diffs[:3]) + ("; ..." if len(diffs) > 3 else "")
        found.append({"id": row.id, "name": row.name, "base": ruleset.short_name,
                      "words": words or "as the document", "ruleset": ruleset})
    return found


def problems_of(error: Refusal) -> list[str]:
    """The sentences of a refusal."""
    return [problem.message for problem in error.problems]


@bp.get("/club")
@login_required
def index():
    """The club's sessions, newest first, and a button to open one."""
    sessions = list(db.session.scalars(select(ClubSession).order_by(
        ClubSession.played_on.desc(), ClubSession.created_at.desc(), ClubSession.id.desc()).limit(40)))
    return render_template("club/index.html", sessions=sessions, format_words=format_of_session)


def pairs_from(text: str) -> list[list[str]]:
    """Pairs typed one a line: 'Ann & Bob'."""
    pairs = []
    for line in (text or "").splitlines():
        if line.strip():
            pairs.append([" ".join(part.split()) for part in line.replace(",", "&").split("&")])
    return pairs


def session_request(form) -> tuple[SessionRequest | None, list[str]]:
    """The form's choices as a session request, or the problems reading it."""
    problems = []
    try:
        played_on = date.fromisoformat(form.get("played_on") or "")
    except ValueError:
        played_on = None
        problems.append("Give the date of the afternoon.")
    ruleset = form.get("ruleset") or ""
    house_rules = None
    if ruleset.startswith("house-") and ruleset[6:].isdigit():
        ruleset, house_rules = "", int(ruleset[6:])
    match = next((r for r in all_rulesets() if r.id == ruleset), None)
    variations = {v.id: form.get(f"v_{ruleset}_{v.id}") for v in (match.variations if match else ())
                  if not v.solo_only and form.get(f"v_{ruleset}_{v.id}")}
    hands_text = (form.get("hands") or "").strip()
    hands = read_whole_number(hands_text) if hands_text else None
    hands = -1 if hands_text and hands is None else hands
    kind = form.get("kind") or ""
    request_ = SessionRequest(played_on or club_today(), ruleset, variations, kind, hands,
                              (form.get("ends_at") or "").strip() or None, form.get("partners") or "random",
                              tuple(tuple(p) for p in pairs_from(form.get("pairs") or "")),
                              form.get("agreement") == "yes", house_rules)
    return (None if problems else request_), problems


@bp.route("/club/sessions/new", methods=["GET", "POST"])
@login_required
def new_session():
    """Open an afternoon: date, rule set and variations, format, partners."""
    problems: list[str] = []
    if request.method == "POST":
        req, problems = session_request(request.form)
        if req is not None:
            try:
                session = open_session(req)
            except Refusal as error:
                nothing_saved()
                problems = problems_of(error)
            else:
                save_session_change(session, SessionEventKind.SESSION_OPENED, organiser_actor(),
                                    f"Session opened: {format_of_session(session)}"
                                    f"{', each hand agreed at the table' if session.agreement else ''}.")
                flash("Session opened. Now tick who is here.", "success")
                return redirect(url_for("club.manage", session_id=session.id))
    return render_template("club/new.html", rulesets=usual_rulesets(), house=house_choices(), kinds=FORMAT_KINDS,
                           kind_names=FORMAT_NAMES,
                           today=club_today().isoformat(), problems=problems, form=request.form), \
        status_for(RefusalKind.INVALID if problems else None)


def manage_page(session: ClubSession, problems: list[str] | None = None, status: int = 200):
    """The session's page: who is here, the draw with seats, swaps, latecomers, rounds."""
    here = present(session)
    members = active_members()
    views = tables(session)
    return render_template("club/session.html", session=session, here=here, members=members, tables=views,
                           house_words=house_rules_words(session.house_rules_version_id),
                           open_tables=[view for view in views if not view.hands and not view.outcome.over],
                           games=current_games(session), problems=problems or [],
                           format_words=format_of_session(session), draw_words=draw_words(session),
                           changes=session_changes(session),
                           record=[event_sentence(e) for e in reversed(session_events(session))]), status


@bp.get("/club/sessions/<int:session_id>")
@login_required
def manage(session_id: int):
    """The session's page."""
    return manage_page(load_session(session_id))


def act(session: ClubSession, kind: SessionEventKind, action, success: str | None = None):
    """Run a session action and save it with its line on the session's record (all or nothing); its message
    on success, the page with the problems on refusal."""
    try:
        message = action() or success or "Done."
    except Refusal as error:
        nothing_saved()
        return manage_page(session, problems_of(error), status_of(error))
    save_session_change(session, kind, organiser_actor(), message)
    flash(message, "success")
    return redirect(url_for("club.manage", session_id=session.id))


@bp.post("/club/sessions/<int:session_id>/players")
@login_required
def players(session_id: int):
    """Tick who is here (ticked names and a new name typed on the spot)."""
    session = load_session(session_id)
    names = request.form.getlist("here")
    typed = (request.form.get("name") or "").strip()
    if typed:
        names.append(typed)
    if not names:
        return manage_page(session, ["Tick the players who are here, or type a name."], status_for(RefusalKind.INVALID))
    if session.round and typed:
        return act(session, SessionEventKind.LATECOMER_SEATED, lambda: seat_latecomer(session, typed))

    return act(session, SessionEventKind.PLAYERS_HERE, lambda: tick(session, names))


def tick(session: ClubSession, names: list[str]) -> str:
    """Who is here, as ticked on the page (a tick list posted whole replaces the one kept)."""
    if request.form.get("ticklist"):
        session.attendees[:] = [a for a in session.attendees if a.member.name in names]
    written = mark_here(session, names)
    return f"Here: {', '.join(written)}."


def still_playing(session: ClubSession) -> list[str]:
    """This round's tables still playing a game with hands in it (a new round would leave it behind)."""
    return [view.label for view in tables(session) if not view.outcome.over and view.hands]


def clear_unplayed(session: ClubSession) -> None:
    """This round's games with no hand at all leave the lists with the new round (kept on their record)."""
    for view in tables(session):
        if not view.outcome.over and not view.hands:
            delete_game(view.game, actor=organiser_actor(), save=False)


@bp.route("/club/sessions/<int:session_id>/draw", methods=["GET", "POST"])
@login_required
def draw(session_id: int):
    """Draw the first round (with the ticks on screen), or the next one once every table has finished (asked
    first: redraw with new partners where possible, or keep the tables)."""
    session = load_session(session_id)
    keep = (request.values.get("keep") or "0") == "1"
    balance = request.values.get("balance") == "1"
    playing = still_playing(session)
    if request.method == "GET" or (session.round and not request.form.get("confirmed")):
        unplayed = [view.label for view in tables(session) if not view.outcome.over and not view.hands]
        return render_template("club/confirm_round.html", session=session, keep=keep, balance=balance, playing=playing,
                               unplayed=unplayed, next_round=session.round + 1), \
            status_for(RefusalKind.CONFLICT if playing and request.method == "POST" else None)
    if playing:
        return manage_page(session, [f"{' and '.join(playing)} {'is' if len(playing) == 1 else 'are'} still "
                                     "playing: a new round would leave their game behind. End their games from "
                                     "the board, or wait until they finish."], status_for(RefusalKind.CONFLICT))
    names = request.form.getlist("here")
    if not session.round and request.form.get("ticklist"):
        if not names:
            return manage_page(session, ["Tick the players who are here before drawing the tables."],
                               status_for(RefusalKind.INVALID))
        tick(session, names)           # the ticks on screen count, saved or not

    def go():
        clear_unplayed(session)
        games = start_round(session, keep=keep, balance=balance)
        return (f"Round {session.round}: {len(games)} table{'s' if len(games) != 1 else ''} drawn"
                f"{' (tables balanced by form)' if balance and not keep else ''}. {draw_words(session)}")
    return act(session, SessionEventKind.ROUND_DRAWN, go)


def seat_by_hand(session: ClubSession, change: SeatChange):
    """Set seats by hand through the store's one write path: the session page with the record's sentence, or
    with the refusal's (nothing stored)."""
    try:
        words = set_seats(session, change, organiser_actor())
    except Refusal as error:
        nothing_saved()
        return manage_page(session, problems_of(error), status_of(error))
    flash(words, "success")
    return redirect(url_for("club.manage", session_id=session.id))


@bp.post("/club/sessions/<int:session_id>/swap")
@login_required
def swap(session_id: int):
    """Swap two players before their tables start."""
    session = load_session(session_id)
    names = (request.form.get("first") or "", request.form.get("second") or "")
    return seat_by_hand(session, SeatChange(SeatChangeKind.SWAP, names))


@bp.post("/club/sessions/<int:session_id>/move")
@login_required
def move(session_id: int):
    """Move a player, or two (a pair), to another table or out of the round before the tables concerned start."""
    session = load_session(session_id)
    names = (request.form.get("player") or "", request.form.get("partner") or "")
    to = (request.form.get("to") or "").strip()
    table = read_whole_number(to) if to != "out" else None
    if to != "out" and table is None:
        return manage_page(session, ["Choose the table to move to, or sitting out."],
                           status_for(RefusalKind.INVALID))
    return seat_by_hand(session, SeatChange(SeatChangeKind.MOVE, names, table))


@bp.post("/club/sessions/<int:session_id>/substitute")
@login_required
def substitute(session_id: int):
    """A player leaves mid-game: the substitute takes the seat for the rest of that game."""
    session = load_session(session_id)
    leaving = request.form.get("leaving") or ""
    came = (request.form.get("substitute") or "").strip()
    return act(session, SessionEventKind.PLAYER_SUBSTITUTED,
               lambda: replace_player(session, leaving, came, organiser_actor()))
