"""The session endpoints of the JSON API: open a session, read it, call time, clear a call, seat a latecomer or a
substitute."""
from __future__ import annotations

from flask import request, url_for
from sqlalchemy import select

from app.store.club.house_rules import reference
from app.store.club.sessions import request_ruleset
from app.web.sign_in import api_organiser, organiser_actor
from app.api.blueprint import club_bp
from app.store.base.clubtime import club_today
from app.store.club.clock import call_time, clock_document, results, tables, time_is_called
from app.store.club.players import clean_name, name_problems
from app.store.club.models import ClubSession, Member
from app.store.club.departures import replace_player, session_changes
from app.store.club.sessions import (SessionRequest, current_games, draw_words, mark_here, open_session,
                                     request_problems, seat_latecomer, seat_of, start_round)
from app.extensions import db
from app.store.base.transaction import nothing_saved
from app.rules import Problem, seat_order
from app.rules.draw import draw_problems
from app.store.club.calls import call_document, clear_call, open_calls
from app.store.club.sessionlog import SessionEventKind, save_session_change
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.web.api_input import (read_body, refuse_problems, refuse_unknown_query, request_digest, token_problems,
                               unknown_fields)
from app.web.errors import refusal_document, refusal_headers, status_of
from app.web.links import game_url
from app.rules.codes import Code

SESSION = "<int:session_id>"


@club_bp.errorhandler(Refusal)
def refused(error: Refusal):
    """A refusal: every problem, nothing stored; 401 asks for the organiser's name and password."""
    nothing_saved()
    return refusal_document(error), status_of(error), refusal_headers(error)


club_bp.before_request(refuse_unknown_query)

#: What each organiser's body takes; any other key is refused (a typo would otherwise go unseen).
SESSION_FIELDS = ("ruleset", "variations", "format", "players", "partners", "pairs", "balance", "agreement",
                  "client_token", "house_rules")
FORMAT_FIELDS = ("kind", "hands", "ends_at")


def body(*known: str) -> dict:
    """The request's JSON object holding only these keys, or a refusal (400: not an object; 422: other keys)."""
    data = read_body()
    refuse_problems(unknown_fields(data, known))
    return data


def no_fields() -> None:
    """A route that takes no fields: no body, or an empty JSON object (400 for a body that is not JSON, 422 for a
    field), as every route reads its body."""
    if request.get_data():
        body()


def names_list(value, field: str) -> tuple[list[str], list[Problem]]:
    """A list of player names, tidied, or the problem with it."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return [], [Problem(field, f"'{field}' must be a list of names.", Code.PLAYERS_NOT_LIST)]
    names = [clean_name(v) for v in value]
    if any(not n or len(n) > 60 for n in names):
        return names, [Problem(field, "Every name must be 1 to 60 characters.", Code.NAME_TOO_LONG)]
    return names, next((name_problems(n, field) for n in names if name_problems(n, field)), [])


def session_request(data: dict) -> tuple[SessionRequest, list[str], list[Problem]]:
    """The body as a session request and the players, with every problem found."""
    fmt = data.get("format", {"kind": "target"})
    problems = []
    if not isinstance(fmt, dict):
        fmt, problems = {}, [Problem("format", "'format' must be an object such as {\"kind\": \"target\"}.",
                                   Code.FORMAT_NOT_OBJECT)]
    problems += unknown_fields(fmt, FORMAT_FIELDS, "format.") + token_problems(data.get("client_token"))
    variations = data.get("variations") or {}
    if not isinstance(variations, dict):
        variations, problems = {}, problems + [Problem("variations", "'variations' must be an object.",
                                                                   Code.VARIATIONS_NOT_OBJECT)]
    pairs = data.get("pairs") or []
    if not isinstance(pairs, list) or not all(isinstance(p, list) and all(isinstance(n, str) for n in p)
                                                for p in pairs):
        pairs, problems = [], problems + [Problem("pairs", "'pairs' must be a list of pairs of names.",
                                                          Code.PAIRS_NOT_LIST)]
    players, player_problems = names_list(data.get("players"), "players")
    if not isinstance(data.get("balance", False), bool):
        problems.append(Problem("balance", "'balance' is true (tables balanced by form) or false.",
                                Code.BALANCE_NOT_BOOLEAN))
    ends_at = fmt.get("ends_at")
    req = SessionRequest(club_today(), str(data.get("ruleset") or ""), variations, fmt.get("kind"),
                         fmt.get("hands"), ends_at if isinstance(ends_at, str) else None,
                         data.get("partners", "random"),
                         tuple(tuple(clean_name(n) for n in p) for p in pairs), data.get("agreement", False),
                         data.get("house_rules"))
    problems += request_problems(req) + player_problems
    if req.partners == "fixed" and not pairs:
        problems.append(Problem("pairs", "With fixed partners, give the pairs: [[\"Ann\", \"Bob\"], ...].",
                                Code.PAIRS_MISSING))
    if not problems:
        problems += draw_problems(request_ruleset(req)[0], players, req.pairs)
    return req, players, problems


def table_document(view) -> dict:
    """A drawn table as POST /api/v1/sessions answers it."""
    game = view.game
    seats = [game.team_players[t][p] for t, p in seat_order(game.team_players)]
    return {"table": view.number, "game_id": game.id, "url": game_url(game.id), "table_code": game.table_code,
            "seats": seats, "teams": view.teams}


def opened_document(session: ClubSession) -> dict:
    """The answer to opening a session: its number, the tables drawn with their codes, who sits out."""
    return {"id": session.id, "tables": [table_document(v) for v in tables(session)],
            "sitting_out": list(session.sitting_out), "draw_words": draw_words(session)}


def opened_before(client_token: str | None, digest: str) -> ClubSession | None:
    """The session this client_token opened (None: none yet); 409 when the token came with another request."""
    if not client_token:
        return None
    session = db.session.scalars(select(ClubSession).where(ClubSession.client_token == client_token)
                                 .order_by(ClubSession.created_at)).first()
    if session is not None and session.request_digest != digest:
        raise refuse(RefusalKind.CONFLICT, "This client_token opened a different session before: make up a new "
                     "token for a new session.", "client_token", Code.CLIENT_TOKEN_REUSED)
    return session


@club_bp.post("/sessions")
def create_session():
    """Open a session with its players and draw the first round; 201 with the tables (200 with the session the
    same client_token opened before)."""
    by = api_organiser()
    data = body(*SESSION_FIELDS)
    req, players, problems = session_request(data)
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)
    token, digest = data.get("client_token"), request_digest(data)
    session = opened_before(token, digest)
    if session is not None:
        return opened_document(session), 200, {"Location": url_for("club_api.read_session", session_id=session.id)}
    session = open_session(req)
    session.client_token, session.request_digest = token, digest
    mark_here(session, players)
    games = start_round(session, balance=data.get("balance") is True)
    save_session_change(session, SessionEventKind.ROUND_DRAWN, organiser_actor(by),
                        f"Session opened with {len(players)} players; round 1: {len(games)} tables drawn. "
                        f"{draw_words(session)}")
    return opened_document(session), 201, {"Location": url_for("club_api.read_session", session_id=session.id)}


def load(session_id: int) -> ClubSession:
    """The session, or a 404 refusal."""
    session = db.session.get(ClubSession, session_id)
    if session is None:
        raise refuse(RefusalKind.NOT_FOUND, f"There is no session number {session_id}.", None, Code.SESSION_UNKNOWN)
    return session


def load_member(member_id: int) -> Member:
    """A player on the club's list, or a 404 refusal."""
    member = db.session.get(Member, member_id)
    if member is None:
        raise refuse(RefusalKind.NOT_FOUND, f"There is no player number {member_id}.", None, Code.PLAYER_UNKNOWN)
    return member


def member_document(member: Member, form) -> dict:
    """A player as the API shows them: id, name, short name, active, and their form (app/rules/form_guide.py)."""
    return {"id": member.id, "name": member.name, "short_name": member.short_name, "active": member.active,
            **form.as_dict()}


def session_table(view) -> dict:
    """A table as the board shows it, with what its tablet needs (the organiser reads it): code and page."""
    return view.as_dict() | {"hand_count": view.hands, "table_code": view.game.table_code, "url": game_url(view.game.id)}


@club_bp.get(f"/sessions/{SESSION}")
def read_session(session_id: int):
    """The tables with each game's totals, hands, minutes since the last entry and winner; the results."""
    api_organiser()
    session = load(session_id)
    return {"id": session.id, "date": session.played_on.isoformat(), "ruleset": session.ruleset_id,
            "variations": dict(session.variations), "house_rules": reference(session.house_rules_version_id),
            "format": {"kind": session.format_kind, "hands": session.format_hands, "ends_at": session.ends_at},
            "round": session.round, "time_called": time_is_called(session), "clock": clock_document(session),
            "agreement": bool(session.agreement), "calls": [call_document(c) for c in open_calls(session)],
            "sitting_out": list(session.sitting_out), "draw_words": draw_words(session),
            "tables": [session_table(v) for v in tables(session)],
            "results": [s.as_dict() for s in results(session)]}


@club_bp.post(f"/sessions/{SESSION}/call-time")
def call_time_api(session_id: int):
    """Call time: ends every game that has its last hand in; answers which tables still owe one."""
    organiser = api_organiser()
    session = load(session_id)
    no_fields()
    owing = call_time(session, organiser_actor(organiser))
    views = tables(session)
    return {"time_called": True, "owing": owing,
            "ended": [v.label for v in views if v.outcome.over],
            "tables": [session_table(v) for v in views]}


@club_bp.post(f"/sessions/{SESSION}/calls/<int(max=2147483647):call_id>/clear")
def clear_call_api(session_id: int, call_id: int):
    """The organiser has seen to a table's call: it leaves the call list; answers the call and the list left."""
    organiser = api_organiser()
    session = load(session_id)
    no_fields()
    call = clear_call(session, call_id, organiser_actor(organiser))
    return {"call": call_document(call), "calls": [call_document(c) for c in open_calls(session)]}


def text_field(data: dict, field: str) -> str:
    """A name the body gives, or a 422 naming the field (too long, or a character a name cannot hold)."""
    value = data.get(field)
    if not isinstance(value, str) or not value.strip():
        raise refuse(RefusalKind.INVALID, f"'{field}' must be a player's name.", field, Code.NAME_EMPTY)
    problems = name_problems(clean_name(value), field)
    if problems:
        raise Refusal(RefusalKind.INVALID, problems[:1])
    return value.strip()


def seated_at(session: ClubSession, name: str) -> str | None:
    """The table the player sits at this round (None: sitting out, or before the draw)."""
    seat = seat_of(current_games(session), name)
    return None if seat is None else seat.team.game.table_label


@club_bp.post(f"/sessions/{SESSION}/latecomers")
def latecomer_api(session_id: int):
    """A latecomer: joins a table not yet started that has room, else plays from the next round."""
    organiser = api_organiser()
    session = load(session_id)
    name = text_field(body("name"), "name")
    message = seat_latecomer(session, name)
    save_session_change(session, SessionEventKind.LATECOMER_SEATED, organiser_actor(organiser), message)
    name = clean_name(name)
    return {"message": message, "name": name, "table": seated_at(session, name),
            "sitting_out": list(session.sitting_out), "tables": [session_table(v) for v in tables(session)]}


@club_bp.post(f"/sessions/{SESSION}/substitutes")
def substitute_api(session_id: int):
    """A player leaves mid-game: the substitute takes the seat for the rest of that game."""
    organiser = api_organiser()
    session = load(session_id)
    data = body("leaving", "substitute")
    leaving, came = text_field(data, "leaving"), text_field(data, "substitute")
    actor = organiser_actor(organiser)
    message = replace_player(session, leaving, came, actor)
    save_session_change(session, SessionEventKind.PLAYER_SUBSTITUTED, actor, message)
    return {"message": message, "table": seated_at(session, clean_name(came)),
            "substitutions": [{"table": c.table, "came": c.came, "left": c.left, "from_hand": c.from_hand,
                               "words": c.words} for c in session_changes(session)]}
