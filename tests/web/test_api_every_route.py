"""Every route, every status: each operation of the served document is called until it has answered every status
its answers list (success and every refusal: a NUL, a wrong password, an unread query parameter, a number that is
no number, a body over 1 MB, the password brake, the database out of reach, a write that clashes, and each
route's own 403, 404, 409 and 422), and every answer is held to the document as it comes (tests/web/conftest.py:
status, headers, body and codes). A method a route does not take answers 405 in the app's words and code."""
from __future__ import annotations

import itertools
import re
import sqlite3
from dataclasses import dataclass, field

import pytest
from flask import request
from flask.signals import request_finished
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError, OperationalError

from app.openapi.document import EXAMPLES, openapi_document
from app.openapi.codes import STORING_NOTHING
from app.web.sign_in import add_organiser
from app.extensions import db
from app.store.people.members import save_settings, settings_of_club
from app.store.people.models import Role, Visibility
from app.store.tenancy.clubs import add_club
from tests.web.api_answers import PREFIX, documented_path
from tests.web.club_support import NAME, PASSWORD, basic

VIEWER = ("Vera", "reads-the-results")
TEAMS = EXAMPLES["hand"]["teams"]
CASUAL = {"ruleset": "bolivia", "teams": [{"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]}
SESSION = {"ruleset": "bolivia", "format": {"kind": "time"}, "players": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo",
                                                                         "Gus", "Hal", "Ida"]}
names = (f"Newcomer {n}" for n in itertools.count(1))
addresses = (f"10.9.{n // 250}.{n % 250 + 1}" for n in itertools.count())


@dataclass
class Call:
    """One request: its method, its address under /api/v1, its JSON body and its headers."""

    method: str
    address: str
    body: dict | None = None
    headers: dict = field(default_factory=dict)


class Walk:
    """The app, a client, and what each operation has answered."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        self.seen: dict[str, set[int]] = {}

    def send(self, call: Call, *, address: str = "127.0.0.1", query: str = "", raw: bytes | None = None):
        """Send a call (`raw`: this body instead of its JSON)."""
        arguments = {"data": raw, "content_type": "application/json"} if raw is not None else (
            {"json": call.body} if call.body is not None else {})
        return self.client.open(PREFIX + call.address + query, method=call.method, headers=call.headers,
                                environ_base={"REMOTE_ADDR": address}, **arguments)

    def ok(self, call: Call, status: int = 200) -> dict:
        answer = self.send(call)
        assert answer.status_code == status, (call, answer.get_data(as_text=True)[:1500])
        return answer.get_json()

    def noted(self, sender, response, **_):
        """A request_finished receiver: which operation answered which status."""
        path = documented_path(request.path)
        operation = openapi_document()["paths"].get(path or "", {}).get(request.method.lower())
        if operation is not None:
            self.seen.setdefault(operation["operationId"], set()).add(response.status_code)

    # what each operation needs, made anew for each call
    def game(self) -> tuple[int, dict]:
        opened = self.ok(Call("POST", "/games", CASUAL), 201)
        return opened["id"], {"X-Table-Code": opened["table_code"]}

    def game_with_hand(self) -> tuple[int, dict, int]:
        game_id, code = self.game()
        added = self.ok(Call("POST", f"/games/{game_id}/hands", {"teams": TEAMS}, code), 201)
        return game_id, code, added["game"]["version"]

    def session(self, **extra) -> dict:
        return self.ok(Call("POST", "/sessions", SESSION | extra, basic()), 201)

    def table(self, **extra) -> tuple[dict, dict, dict]:
        opened = self.session(**extra)
        table = opened["tables"][0]
        return opened, table, {"X-Table-Code": table["table_code"]}

    def called(self) -> tuple[int, int]:
        opened, table, code = self.table()
        call = self.ok(Call("POST", f"/games/{table['game_id']}/call", {"reason": "A new pack"}, code), 201)
        return opened["id"], call["call"]["id"]

    def house_rules(self) -> int:
        made = self.ok(Call("POST", "/house-rules", EXAMPLES["house_rules"] | {"name": next(names)}, basic()), 201)
        return made["id"]

    def competition(self) -> int:
        made = self.ok(Call("POST", "/competitions", EXAMPLES["competition"] | {"name": next(names)}, basic()), 201)
        return made["id"]

    def player_id(self) -> int:
        self.session()
        return self.ok(Call("GET", "/players", headers=basic()))["players"][0]["id"]


def valid(walk: Walk, name: str) -> Call:
    """A call of the operation that succeeds, with what it needs made first."""
    if name in ("getGame", "getEvents", "deleteGame", "endGame", "abandonGame", "addHand"):
        game_id, code = walk.game()
        return {"getGame": Call("GET", f"/games/{game_id}", None, code),
                "getEvents": Call("GET", f"/games/{game_id}/events", None, code),
                "deleteGame": Call("DELETE", f"/games/{game_id}", None, code),
                "endGame": Call("POST", f"/games/{game_id}/end", None, code),
                "abandonGame": Call("POST", f"/games/{game_id}/abandon", None, code),
                "addHand": Call("POST", f"/games/{game_id}/hands", {"teams": TEAMS}, code)}[name]
    if name in ("correctHand", "removeLastHand"):
        game_id, code, version = walk.game_with_hand()
        if name == "removeLastHand":
            return Call("DELETE", f"/games/{game_id}/hands/1", {"version": version}, code)
        return Call("PUT", f"/games/{game_id}/hands/1", {"version": version, "teams": TEAMS}, code)
    if name in ("callOrganiser", "agreeHand", "substitutePlayer"):
        opened, table, code = walk.table(agreement=True)
        if name == "callOrganiser":
            return Call("POST", f"/games/{table['game_id']}/call", EXAMPLES["call"], code)
        if name == "substitutePlayer":
            return Call("POST", f"/sessions/{opened['id']}/substitutes",
                        {"leaving": table["seats"][0], "substitute": next(names)}, basic())
        walk.ok(Call("POST", f"/games/{table['game_id']}/hands", {"teams": TEAMS}, code), 201)
        return Call("POST", f"/games/{table['game_id']}/hands/1/agreement",
                    {"agreed": True, "player": table["teams"][1][0]}, code)
    if name in ("getSession", "callTime", "seatLatecomer"):
        session_id = walk.session()["id"]
        return {"getSession": Call("GET", f"/sessions/{session_id}", headers=basic()),
                "callTime": Call("POST", f"/sessions/{session_id}/call-time", headers=basic()),
                "seatLatecomer": Call("POST", f"/sessions/{session_id}/latecomers", {"name": next(names)},
                                      basic())}[name]
    if name == "clearCall":
        session_id, call_id = walk.called()
        return Call("POST", f"/sessions/{session_id}/calls/{call_id}/clear", headers=basic())
    if name in ("getHouseRules", "editHouseRules", "deleteHouseRules"):
        made = walk.house_rules()
        return {"getHouseRules": Call("GET", f"/house-rules/{made}", headers=basic()),
                "editHouseRules": Call("PUT", f"/house-rules/{made}", EXAMPLES["house_rules"] | {"name": next(names)},
                                       basic()),
                "deleteHouseRules": Call("DELETE", f"/house-rules/{made}", headers=basic())}[name]
    if name == "makeHouseRules":
        return Call("POST", "/house-rules", EXAMPLES["house_rules"] | {"name": next(names)}, basic())
    if name == "makeCompetition":
        return Call("POST", "/competitions", EXAMPLES["competition"] | {"name": next(names)}, basic())
    if name == "getCompetition":
        return Call("GET", f"/competitions/{walk.competition()}", headers=basic())
    if name == "getPlayer":
        return Call("GET", f"/players/{walk.player_id()}", headers=basic())
    if name in ("listPlayerGames", "getHeadToHead"):
        player = walk.player_id()
        return Call("GET", f"/players/{player}/games" if name == "listPlayerGames" else
                    f"/players/{player}/head-to-head/{player}", headers=basic())
    return {"listRulesets": Call("GET", "/rulesets"), "getRuleset": Call("GET", "/rulesets/bolivia"),
            "scoreHand": Call("POST", "/score", EXAMPLES["score"]), "checkSet": Call("POST", "/sets/check",
                                                                                      EXAMPLES["set"]),
            "listGames": Call("GET", "/games", headers=basic()), "openGame": Call("POST", "/games", CASUAL),
            "listSessions": Call("GET", "/sessions", headers=basic()),
            "openSession": Call("POST", "/sessions", SESSION, basic()),
            "listPlayers": Call("GET", "/players", headers=basic()),
            "listHouseRules": Call("GET", "/house-rules", headers=basic()),
            "listCompetitions": Call("GET", "/competitions", headers=basic()), "getOpenApi": Call("GET", "/openapi.json")}[name]


def operations() -> dict[str, tuple[str, str, dict]]:
    """Every operation of the document: its path, method and description."""
    return {operation["operationId"]: (path, method, operation)
            for path, item in openapi_document()["paths"].items() for method, operation in item.items()}


def failing(engine, error, statements: tuple[str, ...] = ()):
    """Make the database fail every statement (or those starting with one of `statements`) with this error."""
    def refuse(conn, cursor, statement, parameters, context, executemany):
        if not statements or statement.lstrip().upper().startswith(statements):
            raise error(statement, parameters, sqlite3.OperationalError("the walk's fault"))
    event.listen(engine, "before_cursor_execute", refuse)
    return lambda: event.remove(engine, "before_cursor_execute", refuse)


@pytest.fixture
def walk(app):
    app.config["GAMES_PER_MINUTE"] = 10**6
    with app.app_context():
        add_organiser(NAME, PASSWORD)
        add_organiser(*VIEWER, role=Role.VIEWER)
    found = Walk(app)
    request_finished.connect(found.noted)
    try:
        yield found
    finally:
        request_finished.disconnect(found.noted)


def every_route_refuses(walk: Walk, name: str, path: str, method: str) -> None:
    """What any route answers, the same on every route."""
    call = valid(walk, name)
    assert walk.send(call, query="?text=%00").status_code == 400
    assert walk.send(call, query="?colour=red").status_code == 422
    assert walk.send(call, query="?version=3").get_json()["errors"][0]["code"] == "version.in_query"
    wrong = Call(call.method, call.address, call.body, call.headers | basic(next(names), "not-the-password"))
    assert walk.send(wrong, address=next(addresses)).status_code == 401
    if "{" in path:
        nowhere = re.sub(r"/(\d+|bolivia)(?=/|$)", "/not-a-number", call.address, count=1)
        assert walk.send(Call(call.method, nowhere, call.body, call.headers)).status_code == 404, nowhere
    if method != "get":
        assert walk.send(call, raw=b" " * (1024 * 1024 + 1)).status_code == 413


def the_brake_holds_every_route(walk: Walk) -> None:
    """Too many wrong passwords from one address: every route answers 429 there."""
    braked = next(addresses)
    for _ in range(12):
        walk.send(Call("GET", "/sessions", headers=basic(next(names), "wrong")), address=braked)
    for name in operations():
        call = valid(walk, name)
        call.headers |= basic(next(names), "wrong")
        answer = walk.send(call, address=braked)
        assert answer.status_code == 429 and "Retry-After" in answer.headers, name


def the_database_out_of_reach_is_a_503_everywhere(walk: Walk) -> None:
    """Every statement fails: every route answers 503 (Retry-After), and a write that clashes answers 409."""
    for name, (path, method, operation) in operations().items():
        call = valid(walk, name)
        with walk.app.app_context():
            restore = failing(db.engine, OperationalError)
        try:
            answer = walk.send(call)
        finally:
            restore()
        assert answer.status_code == 503 and answer.headers["Retry-After"], (name, answer.get_data(as_text=True))
        if method != "get" and name not in STORING_NOTHING:
            call = valid(walk, name)
            with walk.app.app_context():
                restore = failing(db.engine, IntegrityError, ("INSERT", "UPDATE", "DELETE"))
            try:
                clashed = walk.send(call)
            finally:
                restore()
            assert clashed.status_code == 409, (name, clashed.get_data(as_text=True))


def codes_of(answer) -> list[str]:
    """The codes of a refusal (or the status and body of an answer that is none)."""
    found = answer.get_json()
    assert "errors" in found, (answer.status_code, answer.get_data(as_text=True)[:1000])
    return [error["code"] for error in found["errors"]]


def each_routes_own_refusals(walk: Walk) -> None:
    """The 403, 404, 409 and 422 each route gives for what it does."""
    send, ok = walk.send, walk.ok
    assert send(Call("GET", "/rulesets/whist")).status_code == 404
    assert send(Call("POST", "/score", {"ruleset": "sambola", "teams": [{"went_out": True}, {}]})).status_code == 422
    assert send(Call("POST", "/sets/check", {"ruleset": "bolivia", "cards": "7H"})).status_code == 422
    token = CASUAL | {"client_token": "walk-game"}
    ok(Call("POST", "/games", token), 201)
    ok(Call("POST", "/games", token), 200)
    assert codes_of(send(Call("POST", "/games", token | {"table": "Table 9"}))) == ["client_token.reused"]
    assert send(Call("POST", "/games", {"ruleset": "whist"})).status_code == 422
    unknown = 9_007_199_254_740_000
    for call in (Call("GET", f"/games/{unknown}"), Call("GET", f"/games/{unknown}/events"),
                 Call("POST", f"/games/{unknown}/end"), Call("POST", f"/games/{unknown}/abandon"),
                 Call("DELETE", f"/games/{unknown}"), Call("POST", f"/games/{unknown}/hands", {"teams": TEAMS}),
                 Call("PUT", f"/games/{unknown}/hands/1", {"version": 1, "teams": TEAMS}),
                 Call("DELETE", f"/games/{unknown}/hands/1"), Call("POST", f"/games/{unknown}/call"),
                 Call("POST", f"/games/{unknown}/hands/1/agreement", {"agreed": True})):
        assert codes_of(send(call)) == ["game.unknown"], call

    game_id, code, version = walk.game_with_hand()
    url = f"/games/{game_id}"
    stranger = walk.app.test_client()         # no table code in its session (the walk's client opened the game)
    for call in (Call("GET", url), Call("GET", url + "/events")):      # a stranger, at a club that keeps its games
        assert codes_of(stranger.get(PREFIX + call.address)) == ["game.kept"], call
        assert codes_of(send(Call("GET", call.address, None, {"X-Table-Code": "0000"}),
                             address=next(addresses))) == ["code.wrong"], call
        ok(Call("GET", call.address, None, basic()))
    with walk.app.app_context():
        save_settings(settings_of_club(), visibility=Visibility.PUBLIC, email_when_done=True, email_form=False, by="walk")
    assert stranger.get(PREFIX + url).status_code == 200
    assert codes_of(stranger.get(PREFIX + url + "/events")) == ["record.kept"]
    with walk.app.app_context():
        save_settings(settings_of_club(), visibility=Visibility.ACCOUNTS, email_when_done=True, email_form=False, by="walk")
    for call in (Call("POST", url + "/hands", {"teams": TEAMS}), Call("PUT", url + "/hands/1", {"version": version,
                                                                                               "teams": TEAMS}),
                 Call("DELETE", url + "/hands/1"), Call("POST", url + "/end"), Call("POST", url + "/abandon"),
                 Call("DELETE", url), Call("POST", url + "/call"),
                 Call("POST", url + "/hands/1/agreement", {"agreed": True})):
        assert codes_of(send(call, address=next(addresses))) == ["code.wrong"], call
    assert codes_of(send(Call("DELETE", url, None, code))) == ["game.has_hands"]
    assert codes_of(send(Call("PUT", url + "/hands/1", {"teams": TEAMS}, code))) == ["version.missing"]
    assert codes_of(send(Call("PUT", url + "/hands/1", {"version": 1, "teams": TEAMS}, code))) == ["game.stale"]
    assert codes_of(send(Call("PUT", url + "/hands/9", {"version": 1, "teams": TEAMS}, code))) == ["hand.unknown"]
    assert codes_of(send(Call("DELETE", url + "/hands/9", None, code))) == ["hand.unknown"]
    assert codes_of(send(Call("POST", url + "/hands", {"teams": "all"}, code))) == ["input.teams_not_list"]
    assert codes_of(send(Call("POST", url + "/call", {}, code))) == ["call.no_session"]
    assert codes_of(send(Call("POST", url + "/hands/1/agreement", {"agreed": True}, code))) == ["agreement.off"]
    assert codes_of(send(Call("POST", url + "/hands/1/agreement", {"agreed": "yes"}, code))) == ["agreement.agreed"]
    added = send(Call("POST", url + "/hands", {"teams": TEAMS, "client_token": "walk-hand"}, code))
    assert added.status_code == 201 and added.headers["Location"] == f"{PREFIX}{url}/hands/2"
    ok(Call("POST", url + "/hands", {"teams": TEAMS, "client_token": "walk-hand"}, code))
    assert codes_of(send(Call("POST", url + "/hands", {"teams": [{}, {}], "client_token": "walk-hand"}, code))) == [
        "client_token.reused"]
    assert codes_of(send(Call("DELETE", url + "/hands/1", None, code))) == ["hand.not_last"]
    assert codes_of(send(Call("DELETE", url + "/hands/2", {"version": "two"}, code))) == ["input.not_whole"]
    assert codes_of(send(Call("POST", url + "/end", {"when": "now"}, code))) == ["field.unknown"]
    assert codes_of(send(Call("POST", url + "/abandon", {"version": 0}, code))) == ["game.stale"]
    assert codes_of(send(Call("DELETE", url, {"colour": "red"}, code))) == ["field.unknown"]
    ok(Call("POST", url + "/end", None, code))
    assert codes_of(send(Call("POST", url + "/end", None, code))) == ["game.closed"]
    assert codes_of(send(Call("POST", url + "/abandon", None, code))) == ["game.closed"]
    assert codes_of(send(Call("POST", url + "/hands", {"teams": TEAMS}, code))) == ["game.closed"]
    braked = next(addresses)
    for _ in range(6):
        send(Call("POST", url + "/hands", {"teams": TEAMS}, {"X-Table-Code": "0000"}), address=braked)
    waited = send(Call("POST", url + "/hands", {"teams": TEAMS}, code), address=braked)
    assert waited.status_code == 429 and codes_of(waited) == ["code.wait"]

    opened, table, code = walk.table(agreement=True)
    sid, gid = opened["id"], table["game_id"]
    for call in (Call("POST", f"/games/{gid}/end", None, code), Call("POST", f"/games/{gid}/abandon", None, code),
                 Call("DELETE", f"/games/{gid}", None, code)):
        assert codes_of(send(call)) == ["game.organiser_only"], call
    assert codes_of(send(Call("POST", f"/games/{gid}/call", {"reason": "x" * 500}, code))) == ["call.reason"]
    ok(Call("POST", f"/games/{gid}/call", {}, code), 201)
    ok(Call("POST", f"/games/{gid}/call", {}, code))
    ok(Call("POST", f"/games/{gid}/hands", {"teams": TEAMS}, code), 201)
    other = walk.table(agreement=True)[1]
    elsewhere = {"X-Table-Code": other["table_code"]}
    ok(Call("POST", f"/games/{other['game_id']}/hands", {"teams": TEAMS}, basic()), 201)
    assert codes_of(send(Call("POST", f"/games/{other['game_id']}/hands/1/agreement",
                              {"agreed": True, "player": other["teams"][1][0]}, elsewhere))) == [
        "agreement.other_tablet"]
    agree = Call("POST", f"/games/{gid}/hands/1/agreement", {"agreed": True, "player": "Nobody Here"}, code)
    assert codes_of(send(agree)) == ["agreement.player"]
    assert codes_of(send(Call(agree.method, f"/games/{gid}/hands/7/agreement", agree.body, code))) == ["hand.unknown"]
    agree.body["player"] = table["teams"][1][0]
    ok(agree)
    assert codes_of(send(agree)) == ["agreement.done"]

    viewer = basic(*VIEWER)
    assert codes_of(send(Call("POST", "/sessions", SESSION, viewer))) == ["authorization.read_only"]
    assert codes_of(send(Call("GET", "/sessions"))) == ["authorization.missing"]
    sessions = SESSION | {"client_token": "walk-session"}
    ok(Call("POST", "/sessions", sessions, basic()), 201)
    ok(Call("POST", "/sessions", sessions, basic()))
    assert codes_of(send(Call("POST", "/sessions", sessions | {"ruleset": "sambola"}, basic()))) == [
        "client_token.reused"]
    assert codes_of(send(Call("POST", "/sessions", SESSION | {"partners": "any"}, basic()))) == ["partners.kind"]
    unknown_session = f"/sessions/{unknown}"
    for call in (Call("GET", unknown_session), Call("POST", unknown_session + "/call-time"),
                 Call("POST", unknown_session + "/calls/1/clear"),
                 Call("POST", unknown_session + "/latecomers", {"name": "Jo"}),
                 Call("POST", unknown_session + "/substitutes", {"leaving": "Ann", "substitute": "Jo"})):
        call.headers = basic()
        assert codes_of(send(call)) == ["session.unknown"], call
        call.headers = viewer
        assert send(call).status_code == (404 if call.method == "GET" else 403), call
    assert codes_of(send(Call("GET", "/players/99999", headers=basic()))) == ["player.unknown"]
    player = walk.player_id()
    for call in (Call("GET", "/players/99999/games"), Call("GET", f"/players/{player}/head-to-head/99999")):
        call.headers = basic()
        assert codes_of(send(call)) == ["player.unknown"], call
    games = f"/players/{player}/games"
    for query, code in (("from=2026-02-30", "query.date"), ("from=2026-03-02&to=2026-03-01", "query.date_order"),
                        ("ruleset=whist", "query.ruleset"), ("house_rules=99999", "query.house_rules"),
                        ("sort=colour", "query.sort"), ("order=up", "query.order"), ("limit=0", "query.limit")):
        assert codes_of(send(Call("GET", f"{games}?{query}", headers=basic()))) == [code], query
        assert codes_of(send(Call("GET", f"/players/{player}/head-to-head/{player}?{query}",
                                  headers=basic()))) == [code], query
    for call in (Call("POST", "/house-rules", EXAMPLES["house_rules"], viewer),
                 Call("PUT", f"/house-rules/{walk.house_rules()}", EXAMPLES["house_rules"], viewer),
                 Call("DELETE", f"/house-rules/{walk.house_rules()}", None, viewer)):
        assert codes_of(send(call)) == ["authorization.read_only"], call
    for call in (Call("GET", "/house-rules/99999"), Call("PUT", "/house-rules/99999", EXAMPLES["house_rules"]),
                 Call("DELETE", "/house-rules/99999")):
        call.headers = basic()
        assert codes_of(send(call)) == ["house.unknown"], call
    assert send(Call("POST", "/house-rules", {"name": "", "base": "whist"}, basic())).status_code == 422
    assert codes_of(send(Call("POST", "/competitions", EXAMPLES["competition"], viewer))) == ["authorization.read_only"]
    assert codes_of(send(Call("GET", "/competitions/99999", headers=basic()))) == ["competition.unknown"]
    assert codes_of(send(Call("POST", "/competitions", {"name": ""}, basic()))) == ["competition.name"]
    named = EXAMPLES["competition"] | {"name": next(names)}
    ok(Call("POST", "/competitions", named, basic()), 201)
    assert codes_of(send(Call("POST", "/competitions", named, basic()))) == ["competition.name_taken"]
    assert send(Call("PUT", f"/house-rules/{walk.house_rules()}", {"name": "x", "base": "whist"},
                     basic())).status_code == 422
    assert codes_of(send(Call("GET", "/players?page=0", headers=basic()))) == ["query.page"]
    assert codes_of(send(Call("GET", "/games?limit=9999", headers=basic()))) == ["query.limit"]
    assert codes_of(send(Call("GET", "/sessions?page=x", headers=basic()))) == ["query.page"]
    call_id = ok(Call("GET", f"/sessions/{sid}", headers=basic()))["calls"][0]["id"]
    ok(Call("POST", f"/sessions/{sid}/calls/{call_id}/clear", headers=basic()))
    assert codes_of(send(Call("POST", f"/sessions/{sid}/calls/{call_id}/clear", headers=basic()))) == [
        "call.cleared"]
    assert codes_of(send(Call("POST", f"/sessions/{sid}/calls/9999/clear", headers=basic()))) == ["call.unknown"]
    assert codes_of(send(Call("POST", f"/sessions/{sid}/latecomers", {"name": ""}, basic()))) == ["name.empty"]
    substitutes = f"/sessions/{sid}/substitutes"
    assert codes_of(send(Call("POST", substitutes, {"leaving": "Nobody", "substitute": "Jo"}, basic()))) == [
        "leaving.not_seated"]
    seated = opened["tables"][1]["seats"][0]           # at this session's other table
    assert codes_of(send(Call("POST", substitutes, {"leaving": table["seats"][0], "substitute": seated},
                              basic()))) == ["substitute.playing"]
    ok(Call("POST", f"/sessions/{sid}/call-time", headers=basic()))
    assert codes_of(send(Call("POST", f"/sessions/{sid}/call-time", headers=basic()))) == ["time.already_called"]
    untimed = walk.session(format={"kind": "target"})["id"]
    assert codes_of(send(Call("POST", f"/sessions/{untimed}/call-time", headers=basic()))) == ["time.not_timed"]

    finished, table, code = walk.table(format={"kind": "hands", "hands": 1})
    ok(Call("POST", f"/games/{table['game_id']}/hands", {"teams": TEAMS}, code), 201)
    assert codes_of(send(Call("DELETE", f"/games/{table['game_id']}/hands/1", None, code))) == [
        "game.finished_table"]

    walk.app.config["GAMES_PER_MINUTE"] = 0
    assert codes_of(send(Call("POST", "/games", CASUAL))) == ["games.too_many"]
    walk.app.config["GAMES_PER_MINUTE"] = 10**6
    with walk.app.app_context():
        add_club("A second club")
        db.session.commit()
    assert codes_of(send(Call("POST", "/games", CASUAL))) == ["games.club_only"]


def test_every_route_answers_every_status_its_document_lists_and_nothing_else(walk):
    for name, (path, method, _) in operations().items():
        created = ("openGame", "openSession", "addHand", "callOrganiser", "makeHouseRules", "makeCompetition")
        walk.ok(valid(walk, name), 201 if name in created else 200)
        every_route_refuses(walk, name, path, method)
    the_database_out_of_reach_is_a_503_everywhere(walk)
    the_brake_holds_every_route(walk)
    each_routes_own_refusals(walk)          # last: it adds a second club, which takes no casual games
    for name, (path, method, operation) in operations().items():
        documented = {int(status) for status in operation["responses"]}
        assert walk.seen.get(name) == documented, (name, sorted(documented - walk.seen.get(name, set())),
                                                   sorted(walk.seen.get(name, set()) - documented))


def test_a_method_a_route_does_not_take_answers_405_in_the_apps_words_with_allow(client):
    for path, item in openapi_document()["paths"].items():
        address = PREFIX + path.replace("{game_id}", "1").replace("{session_id}", "1").replace(
            "{player_id}", "1").replace("{other_id}", "1").replace("{call_id}", "1").replace("{number}", "1").replace("{house_rules_id}", "1").replace(
            "{competition_id}", "1").replace("{ruleset_id}", "bolivia")
        for method in {"get", "post", "put", "delete", "patch", "options"} - set(item):
            answer = client.open(address, method=method.upper())
            assert answer.status_code == 405, (path, method)
            assert set(answer.headers["Allow"].replace(" ", "").split(",")) >= {m.upper() for m in item}
            (error,) = answer.get_json()["errors"]
            assert error["code"] == "method.not_allowed" and error["field"] is None
            assert error["message"].startswith(f"This address does not take {method.upper()}: it takes ")


def test_an_address_that_is_no_route_answers_404_in_the_apps_words(client):
    answer = client.get("/api/v1/scores")
    assert answer.status_code == 404
    assert answer.get_json() == {"errors": [{"field": None, "code": "address.unknown", "message": (
        "There is nothing at this address. Every address the API answers is listed in /api/v1/openapi.json.")}]}
