"""What a host promises each club: no stranger writes into a club with a name and a wrong password, the login
answers say nothing about which names are accounts, and a club's form guide is worked out from its own games."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select, update
from werkzeug import security

from app.extensions import db
from app.store.base.brakes import FREE_LOGINS_PER_ADDRESS, FREE_PER_ACCOUNT
from app.store.people.models import Organiser
from app.store.game.models import Game
from app.store.tenancy.scope import in_club, store_filter_off
from tests.web.club_support import PASSWORD, basic, enter_hand, login, organiser
from tests.web.test_clubs_isolation import B_PLAYERS, OWNER_B, add_club, club_day

GAME = {"ruleset": "bolivia", "teams": [{"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]}


def club_of(app, name: str) -> int:
    with app.app_context(), store_filter_off():
        return db.session.scalar(select(Organiser.club_id).where(Organiser.name == name))


def games_of(app, club_id: int) -> int:
    with app.app_context(), store_filter_off():
        return db.session.scalar(select(func.count(Game.id)).where(Game.club_id == club_id))


@pytest.fixture
def hove(app):
    """Club A (the install's first, Margaret) and club B (Hove, Beryl), B with an afternoon played."""
    organiser(app)
    add_club(app, "Hove U3A Canasta", OWNER_B)
    return club_day(app.test_client(), OWNER_B, B_PLAYERS, "Hove season")


def test_a_basic_header_with_a_wrong_password_opens_no_game_in_that_club(app, hove):
    client, b_club = app.test_client(), club_of(app, OWNER_B)
    before = games_of(app, b_club)
    stranger = basic(OWNER_B, "any-password-at-all")
    answer = client.post("/api/v1/games", json=GAME, headers=stranger)
    assert answer.status_code == 401 and "do not match an organiser" in answer.get_data(as_text=True)
    form = client.post("/games/new", headers=stranger, data={"ruleset": "bolivia", "players": "4",
                                                             "first_dealer": "0-0"})
    assert form.status_code == 401
    assert games_of(app, b_club) == before


def test_a_wrong_password_in_a_basic_header_reaches_none_of_the_clubs_games_or_records(app, hove):
    client, table = app.test_client(), hove["table"]
    stranger = {**basic(OWNER_B, "any-password-at-all"), "X-Table-Code": table["table_code"]}
    hand = {"teams": [{"table_points": 100}, {"table_points": 50}]}
    assert client.post(f"/api/v1/games/{table['game_id']}/hands", json=hand, headers=stranger).status_code == 401
    assert client.post(f"/api/v1/games/{table['game_id']}/end", headers=stranger).status_code == 401
    for path in ("/records/games.csv", "/records/hands.csv", "/records/players.csv", "/records/players", "/records/backup.json",
                 f"/api/v1/sessions/{hove['session']['id']}"):
        answer = client.get(path, headers=stranger)
        assert answer.status_code in (401, 429), (path, answer.status_code)     # the name's brake holds soon
        assert "Hove" not in answer.get_data(as_text=True)
    assert enter_hand(client, table).status_code == 201          # the table itself, with its code alone, goes on


def test_every_wrong_basic_password_counts_on_the_brake(app, hove):
    client = app.test_client()
    statuses = [client.get("/api/v1/rulesets", headers=basic(OWNER_B, "wrong"),
                           environ_base={"REMOTE_ADDR": f"10.1.0.{n}"}).status_code
                for n in range(FREE_PER_ACCOUNT + 1)]
    assert statuses == [401] * FREE_PER_ACCOUNT + [429]


def login_answer(client, name: str, address: str = "10.2.0.1"):
    answer = client.post("/login", data={"name": name, "password": "not-the-password"},
                         environ_base={"REMOTE_ADDR": address})
    page = re.sub(r'name="csrf_token" value="[^"]*"', "", answer.get_data(as_text=True))   # signed with the time
    return answer.status_code, answer.headers.get("Location"), page.replace(name, "NAME")


def test_on_a_host_whose_first_club_has_no_account_an_unknown_name_answers_as_a_wrong_password(app):
    add_club(app, "Hove U3A Canasta", OWNER_B)
    client = app.test_client()
    unknown, known = login_answer(client, "Nobody Here"), login_answer(client, OWNER_B)
    assert unknown == known and unknown[0] == 401
    basic_unknown = client.get("/api/v1/rulesets", headers=basic("Nobody Here", "x"))
    basic_known = client.get("/api/v1/rulesets", headers=basic(OWNER_B, "x"))
    assert (basic_unknown.status_code, basic_unknown.get_data()) == (basic_known.status_code, basic_known.get_data())


def test_unknown_names_count_on_the_address_brake_on_a_host(app):
    add_club(app, "Hove U3A Canasta", OWNER_B)
    client = app.test_client()
    statuses = [login_answer(client, f"Nobody {n}", "10.3.0.1")[0] for n in range(FREE_LOGINS_PER_ADDRESS + 2)]
    assert statuses[:FREE_LOGINS_PER_ADDRESS] == [401] * FREE_LOGINS_PER_ADDRESS and statuses[-1] == 429


def test_an_unknown_name_and_a_wrong_password_check_one_password_hash_each(app, monkeypatch):
    add_club(app, "Hove U3A Canasta", OWNER_B)
    checked = []
    real = security.check_password_hash
    monkeypatch.setattr("app.web.sign_in.check_password_hash", lambda *a: checked.append(1) or real(*a))
    monkeypatch.setattr("app.store.people.models.check_password_hash", lambda *a: checked.append(1) or real(*a))
    client = app.test_client()
    for name in ("Nobody Here", OWNER_B):
        checked.clear()
        login_answer(client, name, "10.4.0.1")
        assert len(checked) == 1, name


def one_hand_afternoon(client, owner: str, players: list[str]) -> None:
    """A session of one-hand games opened by the club's owner, every table played to its end."""
    doc = client.post("/api/v1/sessions", headers=basic(owner), json={
        "ruleset": "bolivia", "format": {"kind": "hands", "hands": 1}, "players": players,
        "partners": "random"}).get_json()
    for table in doc["tables"]:
        assert enter_hand(client, table).status_code == 201


def test_two_clubs_with_the_same_count_of_finished_games_never_share_a_form_guide(app):
    from app.store.club.form_guide import club_form_guide
    organiser(app)
    add_club(app, "Hove U3A Canasta", OWNER_B)
    client = app.test_client()
    one_hand_afternoon(client, "Margaret", ["Ann Arden", "Bob Arden", "Cy Arden", "Di Arden"])
    one_hand_afternoon(client, OWNER_B, B_PLAYERS)
    a_club, b_club = club_of(app, "Margaret"), club_of(app, OWNER_B)
    with app.app_context(), store_filter_off():        # the same count, finishing time and versions in both
        games = db.session.scalars(select(Game).where(Game.finished_at.is_not(None))).all()
        assert sorted(game.club_id for game in games) == sorted([a_club, b_club])
        db.session.execute(update(Game).where(Game.finished_at.is_not(None)).values(
            finished_at=games[0].finished_at, version=games[0].version))
        db.session.commit()
    with app.test_request_context():
        with in_club(a_club):
            a_names = set(club_form_guide().forms)
        with in_club(b_club):
            b_names = set(club_form_guide().forms)
    assert a_names == {"Ann Arden", "Bob Arden", "Cy Arden", "Di Arden"} and b_names == set(B_PLAYERS)


def test_on_a_host_of_several_clubs_a_stranger_opens_no_game_in_any_club(app, hove):
    client = app.test_client()
    counts = [games_of(app, club_of(app, name)) for name in ("Margaret", OWNER_B)]
    answer = client.post("/api/v1/games", json=GAME)
    assert answer.status_code == 403 and "opened by a club" in answer.get_data(as_text=True)
    assert client.post("/games/new", data={"ruleset": "bolivia", "players": "4",
                                           "first_dealer": "0-0"}).status_code == 403
    assert [games_of(app, club_of(app, name)) for name in ("Margaret", OWNER_B)] == counts
    opened = client.post("/api/v1/games", json=GAME, headers=basic(OWNER_B))
    assert opened.status_code == 201                       # a club's organiser opens one in the club
    assert games_of(app, club_of(app, OWNER_B)) == counts[1] + 1


def test_a_host_may_name_one_club_for_casual_games_and_they_count_nowhere_else(app, hove):
    app.test_cli_runner().invoke(args=["club", "add", "Casual games", "--owner", "Cas"],
                                 env={"TREYS_PASSWORD": PASSWORD})
    app.config["CASUAL_GAMES_CLUB"] = "casual-games"
    client = app.test_client()
    opened = client.post("/api/v1/games", json={**GAME, "teams": [{"players": ["Zed", "Yve"]},
                                                                  {"players": ["Xan", "Wil"]}]})
    assert opened.status_code == 201
    assert games_of(app, club_of(app, "Cas")) == 1
    for owner in ("Margaret", OWNER_B):
        owner_client = app.test_client()
        login(owner_client, owner)
        for name in ("games", "hands", "players"):
            assert "Zed" not in owner_client.get(f"/records/{name}.csv").get_data(as_text=True)


def test_a_single_club_install_still_opens_games_without_signing_in(app):
    organiser(app)
    assert app.test_client().post("/api/v1/games", json=GAME).status_code == 201
