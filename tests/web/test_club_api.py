"""The session endpoints of the JSON API: organiser auth, the draw, call time, bad input."""
import pytest
from pypdf import PdfReader
from io import BytesIO

from app.store.club.models import ClubSession, Member
from app.extensions import db
from app.store.game.models import Game
from tests.web.club_support import PLAYERS, basic, enter_hand, open_session, organiser


@pytest.fixture
def org_client(app, client):
    organiser(app)
    return client


def counts(app):
    with app.app_context():
        return (db.session.query(ClubSession).count(), db.session.query(Game).count(),
                db.session.query(Member).count())


def test_open_a_session_draws_tables_of_the_rule_sets_sizes_and_one_sits_out(org_client, app):
    response = open_session(org_client)
    assert response.status_code == 201
    doc = response.get_json()
    assert [t["table"] for t in doc["tables"]] == [1, 2, 3]
    assert all(len(t["seats"]) == 4 and len(t["teams"]) == 2 for t in doc["tables"])
    assert len(doc["sitting_out"]) == 1
    seated = [n for t in doc["tables"] for n in t["seats"]] + doc["sitting_out"]
    assert sorted(seated) == sorted(PLAYERS)
    table = doc["tables"][0]
    assert table["seats"] == [table["teams"][0][0], table["teams"][1][0], table["teams"][0][1], table["teams"][1][1]]
    with app.app_context():
        game = db.session.get(Game, table["game_id"])
        assert (game.table_label, game.session_round, game.table_number, game.format_kind) == ("Table 1", 1, 1, "time")
        assert all(p.member_id for t in game.teams for p in t.players)
    assert counts(app) == (1, 3, 13)


def test_read_a_session_gives_tables_and_results(org_client):
    doc = open_session(org_client).get_json()
    assert enter_hand(org_client, doc["tables"][0]).status_code == 201
    read = org_client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()
    first = read["tables"][0]
    assert (first["totals"], first["hands"], first["minutes_since_last_entry"], first["winner"]) == ([200, 100], 1, 0, None)
    assert [r["player"] for r in read["results"]]  # everyone present is listed
    assert set(read["results"][0]) >= {"player", "played", "won", "margin"}


def test_call_time_ends_games_with_their_last_hand_in_and_names_tables_that_owe(org_client):
    doc = open_session(org_client).get_json()
    t1, t2, t3 = doc["tables"]
    enter_hand(org_client, t1)
    enter_hand(org_client, t2, points=(100, 100))
    called = org_client.post(f"/api/v1/sessions/{doc['id']}/call-time", headers=basic())
    assert called.status_code == 200
    body = called.get_json()
    assert body["owing"] == ["Table 1", "Table 2", "Table 3"]   # a table with no hand yet owes hand 1
    assert body["ended"] == []
    assert enter_hand(org_client, t1, points=(300, 100)).status_code == 201
    assert enter_hand(org_client, t2, points=(100, 100)).status_code == 201
    assert enter_hand(org_client, t1).status_code == 409   # over now
    assert enter_hand(org_client, t3, points=(100, 200)).status_code == 201   # its hand 1 is its last
    read = org_client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()
    tables = {t["label"]: t for t in read["tables"]}
    assert tables["Table 1"]["winner"] == " & ".join(t1["teams"][0]) and tables["Table 1"]["margin"] == 300
    assert tables["Table 2"]["draw"] is True
    assert tables["Table 3"]["winner"] == " & ".join(t3["teams"][1]) and tables["Table 3"]["margin"] == 100
    assert tables["Table 3"]["outcome"] == {"state": "won", "winners": [1], "reason": "time", "margin": 100,
                                            "owes_hand": False}
    results = {r["player"]: r for r in read["results"]}
    for name in t1["teams"][0]:
        assert (results[name]["played"], results[name]["won"], results[name]["margin"]) == (1, 1, 300)
    for name in t2["teams"][0]:
        assert (results[name]["won"], results[name]["margin"]) == (0.5, 0)
    assert read["results"][0]["player"] in t1["teams"][0]


def test_print_pdf_has_the_results_and_every_table(org_client):
    doc = open_session(org_client).get_json()
    enter_hand(org_client, doc["tables"][0])
    response = org_client.get(f"/sessions/{doc['id']}/print.pdf", headers=basic())
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(BytesIO(response.data)).pages)
    assert "Results of the day" in text
    for label in ("Table 1", "Table 2", "Table 3"):
        assert label in text


@pytest.mark.parametrize("headers", [{}, basic("Margaret", "wrong-password"), basic("Nobody", "bridge-and-tea")])
def test_organiser_endpoints_need_the_organisers_name_and_password(org_client, app, headers):
    body = {"ruleset": "bolivia", "format": {"kind": "time"}, "players": PLAYERS}
    response = org_client.post("/api/v1/sessions", json=body, headers=headers)
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Basic")
    assert "organiser" in response.get_json()["errors"][0]["message"]
    assert counts(app) == (0, 0, 0)


def test_a_non_organiser_cannot_call_time_or_read(org_client, app):
    doc = open_session(org_client).get_json()
    assert org_client.post(f"/api/v1/sessions/{doc['id']}/call-time").status_code == 401
    assert org_client.get(f"/api/v1/sessions/{doc['id']}").status_code == 401
    assert org_client.get(f"/sessions/{doc['id']}/print.pdf").status_code == 401
    with app.app_context():
        assert db.session.get(ClubSession, doc["id"]).time_called_at is None


@pytest.mark.parametrize("body, field, words", [
    ({"ruleset": "bolivia", "players": ["Ann", "Bob", "Cy"]}, "players", "at least 4 players"),
    ({"ruleset": "bolivia", "players": PLAYERS[:8], "partners": "fixed", "pairs": [["Ann", "Zed"]]}, "pairs", "Zed"),
    ({"ruleset": "bolivia", "players": PLAYERS[:8], "partners": "fixed"}, "pairs", "give the pairs"),
    ({"ruleset": "chess", "players": PLAYERS[:8]}, "ruleset", "no rule set"),
    ({"ruleset": "bolivia", "players": PLAYERS[:8], "format": {"kind": "hands"}}, "format.hands", "how many hands"),
    ({"ruleset": "bolivia", "players": PLAYERS[:8], "format": {"kind": "time", "ends_at": "25:00"}},
     "format.ends_at", "clock time"),
    ({"ruleset": "bolivia", "players": "Ann, Bob"}, "players", "list of names"),
    ({"ruleset": "bolivia", "players": ["Ann", "Ann", "Bob", "Cy"]}, "players", "twice"),
    ({"ruleset": "bolivia", "players": PLAYERS[:8], "partners": "sometimes"}, "partners", "random"),
])
def test_bad_sessions_are_refused_with_every_problem_and_nothing_stored(org_client, app, body, field, words):
    response = org_client.post("/api/v1/sessions", json=body, headers=basic())
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["field"] == field and words.lower() in e["message"].lower() for e in errors), errors
    assert counts(app) == (0, 0, 0)


@pytest.mark.parametrize("data", ["not json", "[1, 2]", "null"])
def test_a_body_that_is_not_an_object_is_a_400(org_client, data):
    response = org_client.post("/api/v1/sessions", data=data, content_type="application/json", headers=basic())
    assert response.status_code == 400 and response.get_json()["errors"]


def test_unknown_session_is_a_404(org_client):
    assert org_client.get("/api/v1/sessions/999", headers=basic()).status_code == 404
    assert org_client.post("/api/v1/sessions/999/call-time", headers=basic()).status_code == 404


def test_call_time_in_a_session_to_the_target_is_refused(org_client):
    doc = open_session(org_client, format={"kind": "target"}).get_json()
    response = org_client.post(f"/api/v1/sessions/{doc['id']}/call-time", headers=basic())
    assert response.status_code == 409 and "timed" in response.get_json()["errors"][0]["message"]


def test_hands_format_ends_each_game_after_n_hands(org_client):
    doc = open_session(org_client, format={"kind": "hands", "hands": 2}).get_json()
    table = doc["tables"][0]
    assert enter_hand(org_client, table).status_code == 201
    assert enter_hand(org_client, table).status_code == 201
    refused = enter_hand(org_client, table)
    assert refused.status_code == 409 and "at hand 2" in refused.get_json()["errors"][0]["message"]
    game = org_client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()["tables"][0]
    assert game["over"] and game["margin"] == 200


def test_fixed_pairs_are_kept_together(org_client):
    pairs = [["Ann", "Bob"], ["Cy", "Di"], ["Ed", "Flo"], ["Gus", "Hal"]]
    doc = open_session(org_client, players=PLAYERS[:8], partners="fixed", pairs=pairs).get_json()
    teams = sorted(sorted(team) for t in doc["tables"] for team in t["teams"])
    assert teams == sorted(sorted(p) for p in pairs)


def test_a_player_whose_name_has_an_accented_capital_comes_to_a_second_afternoon(org_client, app):
    players = ["Émile", "Ann", "Bob", "Cy"]
    assert open_session(org_client, players=players).status_code == 201
    again = open_session(org_client, players=["émile", "Ann", "Bob", "Cy"])
    assert again.status_code == 201, again.get_json()
    with app.app_context():
        assert [m.name for m in db.session.query(Member).order_by(Member.name)] == ["Ann", "Bob", "Cy", "Émile"]


@pytest.mark.parametrize("name", ["Ann\x00", "\x01", "\ud808"])
def test_a_name_with_a_control_character_or_half_a_character_is_refused_in_words(org_client, app, name):
    response = open_session(org_client, players=[name, "Bob", "Cy", "Di"])
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"field": "players", "message": "A name can hold letters, digits, spaces and punctuation only.",
         "code": "name.characters"}]
    assert counts(app) == (0, 0, 0)


def test_a_session_body_with_a_field_treys_does_not_take_is_refused_and_nothing_stored(org_client, app):
    for extra in ({"colour": "red"}, {"format": {"kind": "time", "colour": "red"}}):
        response = open_session(org_client, **extra)
        assert response.status_code == 422
        errors = response.get_json()["errors"]
        assert [(e["field"], e["code"]) for e in errors] == [("format.colour" if "format" in extra else "colour",
                                                             "field.unknown")]
    assert counts(app) == (0, 0, 0)


def test_the_same_client_token_answers_the_session_it_opened_and_refuses_another_request(org_client, app):
    first = open_session(org_client, client_token="wednesday")
    assert first.status_code == 201 and first.headers["Location"].endswith(f"/sessions/{first.get_json()['id']}")
    again = open_session(org_client, client_token="wednesday")
    assert (again.status_code, again.get_json()) == (200, first.get_json())
    other = open_session(org_client, client_token="wednesday", players=PLAYERS[:8])
    assert other.status_code == 409
    assert [e["code"] for e in other.get_json()["errors"]] == ["client_token.reused"]
    assert counts(app)[0] == 1


def test_the_organiser_reads_the_table_codes_again_and_lists_sessions_and_games(org_client):
    opened = open_session(org_client).get_json()
    session = org_client.get(f"/api/v1/sessions/{opened['id']}", headers=basic()).get_json()
    assert [(t["game_id"], t["table_code"], t["url"]) for t in session["tables"]] == [
        (t["game_id"], t["table_code"], t["url"]) for t in opened["tables"]]
    sessions = org_client.get("/api/v1/sessions", headers=basic()).get_json()
    assert [s["id"] for s in sessions["sessions"]] == [opened["id"]]
    games = org_client.get("/api/v1/games?limit=1&page=2", headers=basic()).get_json()
    assert (len(games["games"]), games["total"], games["pages"]) == (1, len(opened["tables"]), len(opened["tables"]))
    assert org_client.get("/api/v1/games").status_code == 401


@pytest.mark.parametrize("query, field", [("?page=0", "page"), ("?limit=501", "limit"), ("?sort=name", "sort"),
                                          ("?page=two", "page")])
def test_players_come_a_page_at_a_time_and_a_query_they_do_not_read_is_refused(org_client, query, field):
    open_session(org_client)
    page = org_client.get("/api/v1/players?page=3&limit=5", headers=basic()).get_json()
    assert ([p["name"] for p in page["players"]], page["total"], page["pages"]) == (PLAYERS[10:], 13, 3)
    assert page["next"] is None
    first = org_client.get("/api/v1/players?limit=5", headers=basic()).get_json()
    second = org_client.get(first["next"], headers=basic()).get_json()
    assert first["next"] == "/api/v1/players?page=2&limit=5" and second["page"] == 2
    assert [p["name"] for p in first["players"] + second["players"]] == PLAYERS[:10]
    refused = org_client.get("/api/v1/players" + query, headers=basic())
    assert refused.status_code == 422 and [e["field"] for e in refused.get_json()["errors"]] == [field]
