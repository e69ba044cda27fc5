"""House rules through the API and the store: made and described like a rule set, checked every problem at once,
edited as a new version that games opened before never see, refused deletion while games used them, kept per club,
played by games, afternoons and POST /score, and carried whole by backup and restore (both databases)."""
from __future__ import annotations

import json

from sqlalchemy import select

from app.extensions import db
from app.store.club.house_models import HouseRulesRow, HouseRulesVersion
from app.store.game.models import Game
from tests.conftest import dispose_app, make_app
from tests.web.club_support import PLAYERS, basic, enter_hand, login, organiser, open_session
from tests.web.test_clubs_isolation import OWNER_B, add_club
import pytest
from tests.web.club_support import public_club


@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

HOUSE = "/api/v1/house-rules"
FAMILY = {"target": 10000, "going_out_bonus": 300, "black_three_in_hand_points": -200,
          "red_three_table": [100, 200, 300, 400, 500, 1000],
          "initial_meld_table": [{"from": None, "minimum": 15}, {"from": 0, "minimum": 50},
                                 {"from": 1505, "minimum": 90}, {"from": 3005, "minimum": 120},
                                 {"from": 5005, "minimum": 150}]}
#: Bolivia's going-out team: a Red Samba and a Red Canasta (2,000), 2 red 3s, 400 table points.
OUT = {"went_out": True, "sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 400}
OTHER = {"table_points": 150, "hand_points": 85, "black_threes_in_hand": 1}


def make(client, name="Our Bolivia", base="bolivia", changes=None, **extra):
    """POST /house-rules as the organiser; the response."""
    body = {"name": name, "base": base, "changes": FAMILY if changes is None else changes, **extra}
    return client.post(HOUSE, json=body, headers=basic())


def game(client, house_rules: int, **extra) -> dict:
    """A game opened by the tablet under these house rules."""
    body = {"house_rules": house_rules, "teams": [{"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}], **extra}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def hand(client, opened: dict, teams=(OUT, OTHER)):
    """One hand into the game; the response."""
    return client.post(f"/api/v1/games/{opened['id']}/hands", json={"teams": list(teams)},
                       headers={"X-Table-Code": opened["table_code"]})


def test_house_rules_are_made_and_described_like_a_rule_set(app, client):
    organiser(app)
    made = make(client)
    assert made.status_code == 201, made.get_data(as_text=True)
    document = made.get_json()
    assert made.headers["Location"].endswith(f"{HOUSE}/{document['id']}")
    seed = client.get("/api/v1/rulesets/bolivia").get_json()
    assert set(document) == set(seed) | {"base", "changes", "version", "created_at", "differences"}
    assert (document["name"], document["base"], document["version"], document["target"]) == (
        "Our Bolivia", "bolivia", 1, 10000)
    assert document["changes"] == FAMILY
    assert document["going_out"]["bonus"] == 300 and document["going_out"]["concealed_bonus"] == 200
    assert document["red_threes"]["rules"][0] == "Red 3s on the table: +100 each, all 6: +1,000."
    assert {d["key"]: (d["document"], d["club"]) for d in document["differences"]}["target"] == ("15,000", "10,000")
    assert client.get(f"{HOUSE}/{document['id']}", headers=basic()).get_json() == document
    assert client.get(HOUSE, headers=basic()).get_json() == {"house_rules": [document]}


def test_house_rules_refused_with_every_problem_and_nothing_stored(app, client):
    organiser(app)
    refused = make(client, name="", changes={"target": 10002, "initial_meld_table": [
        {"from": None, "minimum": 15}, {"from": 0, "minimum": 50}, {"from": 3000, "minimum": 120},
        {"from": 7000, "minimum": 90}], "going_out_bonus": -5})
    assert refused.status_code == 422
    errors = refused.get_json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [
        ("name", "house.name"), ("changes.target", "house.not_multiple_of_5"),
        ("changes.initial_meld_table[3].minimum", "house.meld_falls"),
        ("changes.going_out_bonus", "house.bonus_negative")]     # in the order the rules are listed
    assert errors[2]["message"] == "The meld minimum cannot fall as the total grows: 120 from 3,000 but 90 from 7,000."
    with app.app_context():
        assert db.session.scalar(select(HouseRulesRow.id)) is None
    assert make(client, base="canasta").get_json()["errors"][0]["field"] == "base"
    assert make(client, unknown=1).status_code == 422


def test_a_game_scores_by_its_house_rules_and_keeps_its_version_after_an_edit(app, client):
    organiser(app)
    rules = make(client).get_json()
    first = game(client, rules["id"])
    assert first["ruleset"] == "bolivia" and first["target"] == 10000
    assert first["house_rules"] == {"id": rules["id"], "name": "Our Bolivia", "version": 1}
    scored = hand(client, first).get_json()["game"]["teams"]
    # 2,000 sets + 200 red 3s + 300 going out + 400 table = 2,900; 150 - 85 - 200 (a black 3 in hand) = -135.
    assert [t["progressive"] for t in scored] == [2900, -135]
    edited = client.put(f"{HOUSE}/{rules['id']}", headers=basic(),
                        json={"name": "Our Bolivia", "base": "bolivia", "changes": FAMILY | {"going_out_bonus": 500}})
    assert edited.status_code == 200 and edited.get_json()["version"] == 2
    again = client.get(f"/api/v1/games/{first['id']}").get_json()
    assert [t["progressive"] for t in again["teams"]] == [2900, -135]
    assert again["house_rules"]["version"] == 1
    second = game(client, rules["id"])
    assert second["house_rules"]["version"] == 2
    assert [t["progressive"] for t in hand(client, second).get_json()["game"]["teams"]] == [3100, -135]
    with app.app_context():
        versions = dict(db.session.execute(select(Game.id, Game.house_rules_version_id)).all())
        numbers = dict(db.session.execute(select(HouseRulesVersion.id, HouseRulesVersion.version)).all())
    assert numbers[versions[first["id"]]] == 1 and numbers[versions[second["id"]]] == 2


def test_house_rules_a_game_used_cannot_be_deleted_and_others_can(app, client):
    organiser(app)
    used = make(client).get_json()
    game(client, used["id"])
    refused = client.delete(f"{HOUSE}/{used['id']}", headers=basic())
    assert refused.status_code == 409
    assert refused.get_json()["errors"][0]["code"] == "house.in_use"
    assert refused.get_json()["errors"][0]["message"] == (
        "'Our Bolivia' cannot be deleted: 1 game was played by them and is scored by them for good. Edit them instead "
        "(games keep their version).")
    spare = make(client, name="Spare", changes={"target": 20000}).get_json()
    assert client.delete(f"{HOUSE}/{spare['id']}", headers=basic()).status_code == 200
    assert client.get(f"{HOUSE}/{spare['id']}", headers=basic()).status_code == 404


def test_house_rules_with_a_ruleset_that_is_not_their_base_are_refused(app, client):
    organiser(app)
    rules = make(client).get_json()
    refused = client.post("/api/v1/games", json={"house_rules": rules["id"], "ruleset": "sambola",
                                                 "teams": [{"players": ["A", "B"]}, {"players": ["C", "D"]}]})
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["code"] == "house.both"
    unknown = client.post("/api/v1/games", json={"house_rules": 999, "teams": [{"players": ["A"]}, {"players": ["C"]}]})
    assert unknown.status_code == 422 and unknown.get_json()["errors"][0]["code"] == "house.unknown"


def test_a_viewer_reads_house_rules_and_makes_none(app, client):
    from tests.web.test_club_roles import invite, join
    organiser(app)
    login(client)
    rules = make(client).get_json()
    join(app.test_client(), invite(client, "viewer"), "Vera")
    assert client.get(f"{HOUSE}/{rules['id']}", headers=basic("Vera")).status_code == 200
    refused = client.post(HOUSE, headers=basic("Vera"), json={"name": "Mine", "base": "bolivia"})
    assert refused.status_code == 403


def test_score_takes_house_rules_or_inline_changes_and_stores_nothing(app, client):
    organiser(app)
    rules = make(client).get_json()
    by_id = client.post("/api/v1/score", json={"house_rules": rules["id"], "teams": [OUT, OTHER]})
    assert by_id.status_code == 200, by_id.get_data(as_text=True)
    assert [t["score"] for t in by_id.get_json()["teams"]] == [2900, -135]
    inline = client.post("/api/v1/score", json={"ruleset": "bolivia", "changes": {"going_out_bonus": 500},
                                               "teams": [OUT, OTHER]})
    # 2,000 + 200 + 500 + 400 = 3,100; the document's -100 for the black 3: 150 - 85 - 100 = -35.
    assert [t["score"] for t in inline.get_json()["teams"]] == [3100, -35]
    both = client.post("/api/v1/score", json={"house_rules": rules["id"], "changes": {}, "teams": [OUT, OTHER]})
    assert both.status_code == 422 and both.get_json()["errors"][0]["code"] == "house.both"
    wrong = client.post("/api/v1/score", json={"ruleset": "bolivia", "changes": {"going_out_bonus": 7},
                                              "teams": [OUT, OTHER]})
    assert wrong.status_code == 422 and wrong.get_json()["errors"][0]["field"] == "changes.going_out_bonus"
    with app.app_context():
        assert len(db.session.scalars(select(HouseRulesRow)).all()) == 1


def test_an_afternoon_plays_by_house_rules_and_each_table_keeps_them(app, client):
    organiser(app)
    login(client)
    rules = make(client).get_json()
    opened = open_session(client, PLAYERS[:8], ruleset="", house_rules=rules["id"])
    assert opened.status_code == 201, opened.get_data(as_text=True)
    session = client.get(f"/api/v1/sessions/{opened.get_json()['id']}", headers=basic()).get_json()
    assert session["house_rules"] == {"id": rules["id"], "name": "Our Bolivia", "version": 1}
    table = opened.get_json()["tables"][0]
    assert enter_hand(client, table).status_code == 201
    played = client.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert played["house_rules"]["id"] == rules["id"] and played["target"] == 10000


def test_the_club_lists_and_the_board_name_each_games_house_rules(app, client):
    organiser(app)
    login(client)
    rules = make(client).get_json()
    named = {"id": rules["id"], "name": "Our Bolivia", "version": 1}
    opened = open_session(client, PLAYERS[:8], ruleset="", house_rules=rules["id"]).get_json()
    plain = open_session(client, PLAYERS[:8]).get_json()
    casual = client.post("/api/v1/games", json={"ruleset": "sambola", "teams": [{"players": ["X"]}, {"players": ["Y"]}]})
    sessions = {s["id"]: s["house_rules"] for s in client.get("/api/v1/sessions", headers=basic()).get_json()["sessions"]}
    assert sessions == {opened["id"]: named, plain["id"]: None}
    games = {g["id"]: g["house_rules"] for g in client.get("/api/v1/games?limit=100", headers=basic()).get_json()["games"]}
    assert {games[t["game_id"]]["name"] for t in opened["tables"]} == {"Our Bolivia"}
    assert all(games[t["game_id"]] is None for t in plain["tables"]) and games[casual.get_json()["id"]] is None
    board = client.get(f"/club/sessions/{opened['id']}/board.json").get_json()
    assert [t["house_rules"] for t in board["tables"]] == [named, named]
    other = client.get(f"/club/sessions/{plain['id']}/board.json").get_json()
    assert [t["house_rules"] for t in other["tables"]] == [None, None]


def test_another_clubs_house_rules_are_not_found(app, client):
    organiser(app)
    rules = make(client).get_json()
    add_club(app, "Hove", OWNER_B)
    assert client.get(f"{HOUSE}/{rules['id']}", headers=basic(OWNER_B)).status_code == 404
    assert client.get(HOUSE, headers=basic(OWNER_B)).get_json() == {"house_rules": []}
    refused = client.post("/api/v1/games", headers=basic(OWNER_B),
                          json={"house_rules": rules["id"], "teams": [{"players": ["A"]}, {"players": ["B"]}]})
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["code"] == "house.unknown"
    assert client.put(f"{HOUSE}/{rules['id']}", headers=basic(OWNER_B),
                      json={"name": "Ours", "base": "bolivia"}).status_code == 404


def test_backup_and_restore_carry_house_rules_and_each_games_version(app, tmp_path):
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        organiser(source)
        client = source.test_client()
        rules = make(client).get_json()
        first = game(client, rules["id"])
        hand(client, first)
        client.put(f"{HOUSE}/{rules['id']}", headers=basic(),
                   json={"name": "Our Bolivia", "base": "bolivia", "changes": FAMILY | {"going_out_bonus": 500}})
        before = client.get(f"/api/v1/games/{first['id']}").get_json()
        described = client.get(f"{HOUSE}/{rules['id']}", headers=basic()).get_json()
        file = tmp_path / "club.json"
        assert source.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    finally:
        dispose_app(source)
    document = json.loads(file.read_text(encoding="utf-8"))
    assert [len(h["versions"]) for h in document["house_rules"]] == [2]
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code == 0, result.output
    restored = app.test_client()
    assert restored.get(f"/api/v1/games/{first['id']}").get_json() == before
    assert restored.get(f"{HOUSE}/{rules['id']}", headers=basic()).get_json() == described


def test_a_backup_made_before_house_rules_restores_as_before(app, tmp_path):
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        organiser(source)
        opened = source.test_client().post("/api/v1/games", json={
            "ruleset": "bolivia", "teams": [{"players": ["A", "B"]}, {"players": ["C", "D"]}]}).get_json()
        hand(source.test_client(), opened)
        file = tmp_path / "club.json"
        assert source.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    finally:
        dispose_app(source)
    document = json.loads(file.read_text(encoding="utf-8"))
    document.pop("house_rules")
    for row in document["games"] + document["sessions"]:
        row.pop("house_rules_version_id")
    file.write_text(json.dumps(document), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code == 0, result.output
    restored = app.test_client().get(f"/api/v1/games/{opened['id']}").get_json()
    assert restored["house_rules"] is None and [t["progressive"] for t in restored["teams"]] == [2800, -35]
