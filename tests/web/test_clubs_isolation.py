"""Two clubs on one Treys see nothing of each other: every route with the other club's ids is a 404, exports and
backups hold one club's rows, and on PostgreSQL the database's own policies hide the other club even from a
query the store's filter does not guard."""
from __future__ import annotations

import json
import os

import pytest
from sqlalchemy import select

from app.extensions import db
from app.store.club.models import ClubSession, Member, Season, TableCall
from app.store.people.models import Organiser
from app.store.game.models import Game, Hand
from app.store.tenancy.scope import in_club, store_filter_off
from tests.web.club_support import PASSWORD, basic, enter_hand, login, organiser

A_PLAYERS = ["Ann Arden", "Bob Arden", "Cy Arden", "Di Arden", "Ed Arden"]
B_PLAYERS = ["Hove One", "Hove Two", "Hove Three", "Hove Four"]
OWNER_B = "Beryl"
#: The routes' id arguments, and which of club A's rows gives each.
ID_ARGUMENTS = {"game_id", "session_id", "member_id", "season_id", "call_id", "account_id", "house_rules_id",
                "competition_id"}


def add_club(app, name: str, owner: str):
    """`flask club add NAME --owner OWNER` with the password from the environment."""
    result = app.test_cli_runner().invoke(args=["club", "add", name, "--owner", owner],
                                          env={"TREYS_PASSWORD": PASSWORD})
    assert result.exit_code == 0, result.output
    return result


def club_day(client, owner: str, players: list[str], season_name: str) -> dict:
    """A session drawn, a hand entered at its first table, a call made, a season: a club's afternoon."""
    session = client.post("/api/v1/sessions", headers=basic(owner),
                          json={"ruleset": "bolivia", "format": {"kind": "time"}, "players": players,
                                "partners": "random"}).get_json()
    table = session["tables"][0]
    assert enter_hand(client, table).status_code == 201
    assert client.post(f"/api/v1/games/{table['game_id']}/call", json={"reason": "A question"},
                       headers={"X-Table-Code": table["table_code"]}).status_code in (200, 201)
    login(client, owner)
    assert client.post("/records/seasons", data={"name": season_name, "starts_on": "2000-01-01",
                                                 "ends_on": "2099-12-31", "qualifying_percent": "30"}).status_code < 400
    client.post("/logout")
    return {"session": session, "table": table}


@pytest.fixture
def two_clubs(app):
    """Club A (the install's first) run by Margaret, club B (Hove) by Beryl, each with an afternoon."""
    organiser(app)
    add_club(app, "Hove U3A Canasta", OWNER_B)
    client = app.test_client()
    a = club_day(client, "Margaret", A_PLAYERS, "Arden season")
    b = club_day(client, OWNER_B, B_PLAYERS, "Hove season")
    house = client.post("/api/v1/house-rules", headers=basic("Margaret"),
                        json={"name": "Arden rules", "base": "bolivia", "changes": {"target": 10000}})
    assert house.status_code == 201
    cup = client.post("/api/v1/competitions", headers=basic("Margaret"), json={"name": "Arden cup"})
    assert cup.status_code == 201
    with app.app_context():
        with store_filter_off():
            a_club = db.session.scalar(select(Game.club_id).where(Game.id == a["table"]["game_id"]))
            ids = {"game_id": a["table"]["game_id"], "session_id": a["session"]["id"],
                   "member_id": db.session.scalar(select(Member.id).where(Member.name == "Ann Arden")),
                   "season_id": db.session.scalar(select(Season.id).where(Season.name == "Arden season")),
                   "call_id": db.session.scalar(select(TableCall.id).where(TableCall.club_id == a_club)),
                   "account_id": db.session.scalar(select(Organiser.id).where(Organiser.name == "Margaret")),
                   "house_rules_id": house.get_json()["id"], "competition_id": cup.get_json()["id"]}
    assert all(ids.values()), ids
    return {"a": a, "b": b, "a_ids": ids}


def test_club_add_makes_a_second_club_with_its_owner_and_the_first_club_is_unchanged(app, client):
    organiser(app)
    output = add_club(app, "Hove U3A Canasta", OWNER_B).output
    assert "hove-u3a-canasta" in output and OWNER_B in output
    listing = app.test_cli_runner().invoke(args=["club", "list"]).output
    assert "club " in listing and "hove-u3a-canasta" in listing
    assert login(client, OWNER_B).status_code == 302          # the name alone finds the club
    assert client.get("/club").status_code == 200


def test_organiser_add_asks_which_club_once_there_are_several(app):
    organiser(app)
    add_club(app, "Hove U3A Canasta", OWNER_B)
    runner = app.test_cli_runner()
    asked = runner.invoke(args=["organiser", "add", "Pat"], env={"TREYS_PASSWORD": PASSWORD})
    assert asked.exit_code != 0 and "--club" in asked.output
    added = runner.invoke(args=["organiser", "add", "Pat", "--club", "hove-u3a-canasta"],
                          env={"TREYS_PASSWORD": PASSWORD})
    assert added.exit_code == 0, added.output
    with app.app_context():
        pat = db.session.scalar(select(Organiser).where(Organiser.name == "Pat"))
        beryl = db.session.scalar(select(Organiser).where(Organiser.name == OWNER_B))
        assert pat.club_id == beryl.club_id and pat.role == "organiser" and beryl.role == "owner"


def test_account_names_are_unique_across_the_host(app):
    organiser(app)
    result = app.test_cli_runner().invoke(args=["club", "add", "Hove", "--owner", "Margaret"],
                                          env={"TREYS_PASSWORD": PASSWORD})
    assert result.exit_code != 0 and "already an organiser called Margaret" in result.output


def rule_path(rule, ids: dict) -> str:
    """The route's address with club A's ids (and a hand number, an action, an email of the outbox, a members'
    link where it takes them)."""
    values = {name: ids[name] for name in rule.arguments if name in ids}
    values.update({name: value for name, value in (("number", 1), ("action", "end"), ("job_id", 1),
                                                   ("link", "no-such-link")) if name in rule.arguments})
    return rule.build(values)[1]


def test_every_route_with_the_other_clubs_ids_is_not_found(app, two_clubs):
    client = app.test_client()
    assert login(client, OWNER_B).status_code == 302
    a_code = two_clubs["a"]["table"]["table_code"]
    headers = {**basic(OWNER_B), "X-Table-Code": a_code}
    checked = []
    for rule in app.url_map.iter_rules():
        if not ID_ARGUMENTS & set(rule.arguments):
            continue
        path = rule_path(rule, two_clubs["a_ids"])
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            body = {"json": {"teams": [{"table_points": 100}, {"table_points": 50}]}} if "/api/" in path else \
                {"data": {"code": a_code, "name": "Ann Arden"}}
            response = client.open(path, method=method, headers=headers, **body)
            checked.append((method, path))
            assert response.status_code == 404, (method, path, response.status_code, response.get_data(as_text=True)[:300])
    assert len(checked) >= 45


def test_a_tablet_of_the_other_club_reaches_its_own_game_without_signing_in(app, two_clubs):
    client = app.test_client()
    table = two_clubs["a"]["table"]
    assert client.get(f"/games/{table['game_id']}").status_code == 403          # the club keeps its games
    assert client.get(f"/games/{table['game_id']}?code={table['table_code']}").status_code == 302     # its QR code
    assert client.get(f"/games/{table['game_id']}").status_code == 200
    assert enter_hand(client, table).status_code == 201


def test_exports_and_the_backup_of_one_club_hold_none_of_the_other(app, two_clubs):
    client = app.test_client()
    login(client, OWNER_B)
    texts = [client.get(f"/records/{name}.csv").get_data(as_text=True) for name in ("games", "hands", "players")]
    backup = client.post("/records/backup.json")
    assert backup.status_code == 200
    document = json.loads(backup.get_data(as_text=True))
    texts.append(json.dumps(document))
    for text in texts:
        assert "Arden" not in text and "Margaret" not in text
    assert {m["name"] for m in document["members"]} == set(B_PLAYERS)
    assert [s["id"] for s in document["sessions"]] == [two_clubs["b"]["session"]["id"]]


def test_the_first_clubs_pages_still_show_only_its_own(app, two_clubs):
    client = app.test_client()
    login(client)
    club_page = client.get("/club").get_data(as_text=True)
    assert "Hove" not in client.get("/records/players.csv").get_data(as_text=True)
    assert client.get(f"/club/sessions/{two_clubs['a']['session']['id']}").status_code == 200
    assert client.get(f"/club/sessions/{two_clubs['b']['session']['id']}").status_code == 404
    assert "Hove U3A Canasta" not in club_page


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="row-level security is PostgreSQL's; SQLite has the store's filter alone")
def test_postgresql_policies_hide_the_other_club_with_the_store_filter_off(app, two_clubs):
    with app.app_context():
        b_club = db.session.scalar(select(Organiser.club_id).where(Organiser.name == OWNER_B))
        everyone = {model: len(db.session.scalars(select(model)).all()) for model in (Game, Hand, Member)}
        db.session.rollback()
        with in_club(b_club), store_filter_off():
            games = [(g.id, g.club_id) for g in db.session.scalars(select(Game))]
            hands = [h.club_id for h in db.session.scalars(select(Hand))]
            members = [(m.name, m.club_id) for m in db.session.scalars(select(Member))]
            sessions = [s.id for s in db.session.scalars(select(ClubSession))]
            role = db.session.execute(db.text("SELECT current_user")).scalar()
        db.session.rollback()
    assert role == "treys_club"
    assert {c for _, c in games} == set(hands) == {c for _, c in members} == {b_club}
    assert {name for name, _ in members} == set(B_PLAYERS)
    assert sessions == [two_clubs["b"]["session"]["id"]]
    assert everyone[Game] > len(games) and everyone[Member] > len(members)


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="row-level security is PostgreSQL's")
def test_postgresql_refuses_writing_a_row_into_another_club(app, two_clubs):
    from sqlalchemy.exc import ProgrammingError
    with app.app_context():
        a_club = db.session.scalar(select(Game.club_id).where(Game.id == two_clubs["a_ids"]["game_id"]))
        b_club = db.session.scalar(select(Organiser.club_id).where(Organiser.name == OWNER_B))
        db.session.rollback()
        with in_club(b_club):
            db.session.add(Member(name="Smuggled", club_id=a_club))
            with pytest.raises(ProgrammingError, match="row-level security"):
                db.session.flush()
        db.session.rollback()


def test_on_a_host_whose_first_club_has_no_account_the_setup_is_closed_and_the_login_page_shows(app):
    add_club(app, "Hove U3A Canasta", OWNER_B)
    client = app.test_client()
    assert client.get("/setup").status_code == 404
    assert client.get("/login").status_code == 200
    assert login(client, OWNER_B).status_code == 302
