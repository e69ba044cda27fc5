"""The club's privacy as the club chose it: every route that shows a game, its record of changes or a player, probed
by a stranger in each of the three modes (the URL map walked, nothing left out), and the tablets' flow by the
table code unchanged: its QR code, its typed code, its X-Table-Code on the API."""
from __future__ import annotations

import re

import pytest

from app.extensions import db
from app.store.club.models import Member
from app.store.game.models import Game
from app.store.people.members import save_settings, settings_of_club
from app.store.people.models import Visibility
from tests.web.club_support import NAME, PASSWORD, basic, login, open_session, organiser

#: Players' names no page prints unless it shows a game or a player.
PLAYERS = ["Zebedee Quill", "Ottoline Fairweather", "Barnaby Thistle", "Perpetua Lark"]
#: The organiser, whose name the record of changes carries when they change a game.
ORGANISER = "Margaret"
#: Values for a route's arguments that name no game, session or player of the club (their pages refuse).
OTHER_ARGUMENTS = {"ruleset_id": "bolivia", "number": "1", "slug": "organisers-guide", "name": "games",
                   "call_id": "1", "season_id": "1", "account_id": "1", "job_id": "1", "house_rules_id": "1",
                   "competition_id": "1",
                   "token": "not-a-token", "stop_token": "not-a-token", "link": "not-the-link", "action": "end"}


def kept_mode(app, visibility: Visibility) -> str:
    """Set the club's choice; its members' link (or '' at a club that keeps its records to its accounts)."""
    with app.app_context():
        settings = save_settings(settings_of_club(), visibility=visibility, email_when_done=True, email_form=False,
                                 by=NAME)
        return settings.link or ""


@pytest.fixture
def club(app, client):
    """A drawn afternoon of four with a hand, its code reset by the organiser (the record names them), and a casual
    game opened through the API: (session, table, casual game)."""
    organiser(app)
    login(client)
    opened = open_session(client, PLAYERS, partners="random")
    assert opened.status_code == 201, opened.get_data(as_text=True)
    session = opened.get_json()
    table = session["tables"][0]
    code = {"X-Table-Code": table["table_code"]}
    assert client.post(f"/api/v1/games/{table['game_id']}/hands", json={"teams": [{"table_points": 200},
                                                                                  {"table_points": 100}]},
                       headers=code).status_code == 201
    assert client.post(f"/club/games/{table['game_id']}/code").status_code in (200, 302)
    with app.app_context():
        table["table_code"] = db.session.get(Game, table["game_id"]).table_code
    casual = client.post("/api/v1/games", json={"ruleset": "bolivia", "table": "Table 7", "teams": [
        {"players": PLAYERS[:2]}, {"players": PLAYERS[2:]}]}).get_json()
    client.post("/logout")
    return session, table, casual


def addresses(app, session: dict, table: dict, casual: dict) -> list[str]:
    """Every GET address of the app that takes no file: the URL map walked, its arguments filled with the club's
    afternoon, its game, the casual game and a player, else with values that name nothing."""
    with app.app_context():
        member_id = db.session.scalars(db.select(Member.id)).first()
    found = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        values = dict(OTHER_ARGUMENTS, session_id=str(session["id"]), member_id=str(member_id),
                      player_id=str(member_id), other_id=str(member_id))
        for game_id in (table["game_id"], casual["id"]):
            values["game_id"] = str(game_id)
            found.append(re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", lambda m: values[m.group(1)], rule.rule))
    return sorted(set(found))


def shows_a_player(text: str) -> bool:
    """True when a page names any of the afternoon's players."""
    return any(name in text for name in PLAYERS) or any(name.split()[0] in text for name in PLAYERS)


@pytest.mark.parametrize("visibility", [Visibility.ACCOUNTS, Visibility.LINK])
def test_a_stranger_reads_no_game_record_or_player_of_a_club_that_keeps_them(app, client, club, visibility):
    session, table, casual = club
    kept_mode(app, visibility)
    stranger = app.test_client()
    walked = addresses(app, session, table, casual)
    assert any("/games/" in address for address in walked) and any("/api/v1/" in address for address in walked)
    for address in walked:
        answer = stranger.get(address)
        text = answer.get_data().decode(errors="replace")
        assert answer.status_code != 500, address
        assert not shows_a_player(text), (address, answer.status_code)
        assert ORGANISER not in text or address.startswith("/help"), address
    for game_id in (table["game_id"], casual["id"]):
        page = stranger.get(f"/games/{game_id}")
        assert page.status_code == 403 and "Enter the table code" in page.get_data(as_text=True)
        for address in (f"/api/v1/games/{game_id}", f"/api/v1/games/{game_id}/events"):
            assert stranger.get(address).get_json()["errors"][0]["code"] == "game.kept"
        assert stranger.get(f"/games/{game_id}/sheet.pdf").status_code == 403
        assert stranger.get(f"/games/{game_id}/news.json").status_code == 403
        assert stranger.post(f"/games/{game_id}/preview", data={}).status_code == 403
    home = stranger.get("/").get_data(as_text=True)
    assert "Table 7" in home and "Table 1" in home and not shows_a_player(home)


def test_at_a_public_club_a_stranger_reads_the_games_but_never_their_record(app, client, club):
    session, table, casual = club
    kept_mode(app, Visibility.PUBLIC)
    stranger = app.test_client()
    for address in addresses(app, session, table, casual):
        answer = stranger.get(address)
        assert answer.status_code != 500, address
        text = answer.get_data().decode(errors="replace")
        assert "Record of changes" not in text and "Table code reset" not in text, address
        assert f"organiser {ORGANISER}" not in text, address
    assert shows_a_player(stranger.get(f"/games/{casual['id']}").get_data(as_text=True))
    assert shows_a_player(stranger.get("/").get_data(as_text=True))
    assert stranger.get(f"/api/v1/games/{table['game_id']}").status_code == 200
    kept = stranger.get(f"/api/v1/games/{table['game_id']}/events")
    assert kept.status_code == 403 and kept.get_json()["errors"][0]["code"] == "record.kept"


@pytest.mark.parametrize("visibility", list(Visibility))
def test_the_tablet_with_the_table_code_reads_its_game_and_its_record_without_account_names(app, client, club,
                                                                                          visibility):
    session, table, casual = club
    kept_mode(app, visibility)
    game_id, code = table["game_id"], table["table_code"]
    by_qr = app.test_client()
    assert by_qr.get(f"/games/{game_id}?code={code}").status_code == 302
    page = by_qr.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Record of changes" in page and "Table code reset" in page and "by the organiser" in page
    assert f"organiser {ORGANISER}" not in page and shows_a_player(page)
    typed = app.test_client()
    assert typed.get(f"/games/{game_id}").status_code == (200 if visibility == Visibility.PUBLIC else 403)
    assert typed.post(f"/games/{game_id}/code", data={"code": code, "next": ""}).status_code == 302
    assert "Record of changes" in typed.get(f"/games/{game_id}").get_data(as_text=True)
    assert typed.get(f"/games/{game_id}/sheet.pdf").status_code == 200
    assert typed.get(f"/games/{game_id}/news.json").status_code == 200
    assert typed.get(f"/games/{casual['id']}").status_code == (200 if visibility == Visibility.PUBLIC else 403)
    home = typed.get("/").get_data(as_text=True)
    assert shows_a_player(home) if visibility == Visibility.PUBLIC else "Table 7" in home
    api = app.test_client()
    sent = {"X-Table-Code": code}
    assert api.get(f"/api/v1/games/{game_id}", headers=sent).status_code == 200
    events = api.get(f"/api/v1/games/{game_id}/events", headers=sent).get_json()["events"]
    labels = [event["actor"]["label"] for event in events]
    assert "the organiser" in labels and not any(ORGANISER in label for label in labels)
    wrong = api.get(f"/api/v1/games/{game_id}", headers={"X-Table-Code": "0000" if code != "0000" else "1111"})
    assert wrong.status_code == 403 and wrong.get_json()["errors"][0]["code"] == "code.wrong"
    with_casual_code = {"X-Table-Code": casual["table_code"]}
    assert api.get(f"/api/v1/games/{casual['id']}", headers=with_casual_code).status_code == 200


@pytest.mark.parametrize("visibility", list(Visibility))
def test_the_clubs_accounts_read_every_game_and_the_record_with_names(app, client, club, visibility):
    session, table, casual = club
    kept_mode(app, visibility)
    account = app.test_client()
    login(account)
    page = account.get(f"/games/{table['game_id']}").get_data(as_text=True)
    assert f"organiser {ORGANISER}" in page and shows_a_player(page)
    assert shows_a_player(account.get("/").get_data(as_text=True))
    events = app.test_client().get(f"/api/v1/games/{table['game_id']}/events", headers=basic()).get_json()
    assert any(event["actor"]["label"] == f"the organiser {ORGANISER}" for event in events["events"])
    assert app.test_client().get(f"/api/v1/games/{casual['id']}", headers=basic(NAME, PASSWORD)).status_code == 200
