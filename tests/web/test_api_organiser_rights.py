"""An organiser's account has the same rights through the API as signed in on the pages: HTTP Basic alone ends,
abandons or deletes a session table's game, removes a finished table's last hand and corrects a hand, where the
table code alone is refused as a player's tablet is on the pages; a results viewer's account is no organiser by
either door; the document names both ways to sign in wherever either serves."""
import pytest

from app.openapi.document import openapi_document
from app.web.sign_in import add_organiser
from app.extensions import db
from app.store.people.models import Role
from app.store.game.models import Game, GameEvent
from tests.web.club_support import NAME, basic, drawn, enter_hand, tablet_of

VIEWER = ("Vera", "reads-the-results")
#: What a session table's tablet may not do alone, and the code that says why.
ORGANISERS_OWN = {"end": "game.organiser_only", "abandon": "game.organiser_only", "delete": "game.organiser_only",
                  "remove": "game.finished_table"}


def record_of(app, game_id: int) -> list[tuple[str, str]]:
    """The game's record: (kind, who)."""
    with app.app_context():
        return [(e.kind, e.actor_label) for e in db.session.query(GameEvent).filter_by(game_id=game_id)
                .order_by(GameEvent.seq)]


def closed_of(app, game_id: int):
    with app.app_context():
        return db.session.get(Game, game_id).closed


def through_api(client, action: str, table: dict, headers: dict):
    """The action on the table's game through the API, with these credentials only."""
    url = f"/api/v1/games/{table['game_id']}"
    if action == "delete":
        return client.delete(url, headers=headers)
    if action == "remove":
        return client.delete(url + "/hands/1", headers=headers)
    return client.post(f"{url}/{action}", headers=headers)


def through_pages(client, action: str, table: dict):
    """The same action on the game's pages, by this browser."""
    url = f"/games/{table['game_id']}"
    version = str(client.get(f"/api/v1/games/{table['game_id']}").get_json()["version"])
    if action == "remove":
        return client.post(url + "/hands/1/remove", data={"version": version})
    return client.post(f"{url}/{action}", data={"version": version})


def session_table(app, client, action: str) -> dict:
    """A drawn table ready for the action: a game of one hand played out for removing its last hand, a hand in
    for ending or abandoning, none for deleting."""
    doc = drawn(app, client, **({"format": {"kind": "hands", "hands": 1}} if action == "remove" else {}))
    with app.app_context():
        add_organiser(*VIEWER, role=Role.VIEWER)
    for table in doc["tables"]:
        if action != "delete":
            assert enter_hand(client, table).status_code == 201
    return doc


def code_of(table: dict) -> dict:
    return {"X-Table-Code": table["table_code"]}


@pytest.mark.parametrize("action", sorted(ORGANISERS_OWN))
def test_the_organisers_password_alone_does_through_the_api_what_the_signed_in_organiser_does_on_the_pages(
        app, client, action):
    doc = session_table(app, client, action)
    first, second = doc["tables"][0], doc["tables"][1]
    before = record_of(app, first["game_id"])
    refused = through_api(app.test_client(), action, first, code_of(first))
    assert refused.status_code == 403, refused.get_data(as_text=True)
    assert [e["code"] for e in refused.get_json()["errors"]] == [ORGANISERS_OWN[action]]
    on_the_page = through_pages(tablet_of(app, first), action, first)
    assert on_the_page.status_code == 403 and record_of(app, first["game_id"]) == before

    assert through_pages(client, action, first).status_code == 302       # the signed-in organiser, no code
    answered = through_api(app.test_client(), action, second, basic())    # the same account, its password alone
    assert answered.status_code == 200, answered.get_data(as_text=True)
    by_page, by_api = record_of(app, first["game_id"])[-1], record_of(app, second["game_id"])[-1]
    assert by_page == by_api and by_api[1] == f"the organiser {NAME}"
    if action != "remove":
        assert closed_of(app, first["game_id"]) == closed_of(app, second["game_id"]) is not None


@pytest.mark.parametrize("action", sorted(ORGANISERS_OWN))
def test_a_results_viewers_password_is_no_organisers_by_either_door(app, client, action):
    doc = session_table(app, client, action)
    table = doc["tables"][0]
    before = record_of(app, table["game_id"])
    alone = through_api(app.test_client(), action, table, basic(*VIEWER))
    assert alone.status_code == 403 and [e["code"] for e in alone.get_json()["errors"]] == ["code.wrong"]
    with_code = through_api(app.test_client(), action, table, basic(*VIEWER) | code_of(table))
    assert with_code.status_code == 403
    assert [e["code"] for e in with_code.get_json()["errors"]] == [ORGANISERS_OWN[action]]
    assert record_of(app, table["game_id"]) == before


def test_the_organisers_password_corrects_and_adds_hands_without_the_code_and_the_record_names_them(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    url = f"/api/v1/games/{table['game_id']}"
    added = client.post(url + "/hands", json={"teams": [{"table_points": 200}, {"table_points": 100}]},
                        headers=basic())
    assert added.status_code == 201, added.get_data(as_text=True)
    version = added.get_json()["game"]["version"]
    corrected = client.put(url + "/hands/1", json={"version": version, "teams": [{"table_points": 300}, {}]},
                           headers=basic())
    assert corrected.status_code == 200 and corrected.get_json()["teams"][0]["progressive"] == 300
    assert record_of(app, table["game_id"])[1:] == [("hand_added", f"the organiser {NAME}"),
                                                    ("hand_corrected", f"the organiser {NAME}")]
    wrong = client.put(url + "/hands/1", json={"version": version + 1, "teams": [{}, {}]}, headers=basic(NAME, "not-it"))
    assert wrong.status_code == 401 and [e["code"] for e in wrong.get_json()["errors"]] == ["authorization.wrong"]


def test_a_casual_game_takes_its_code_or_an_organisers_password_alike(app, client):
    drawn(app, client)
    game = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [{"players": ["Ann", "Bob"]},
                                                                              {"players": ["Cy", "Di"]}]}).get_json()
    url = f"/api/v1/games/{game['id']}"
    assert client.post(url + "/end", headers={"X-Table-Code": game["table_code"]}).status_code == 200
    other = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [{"players": ["Ann", "Bob"]},
                                                                               {"players": ["Cy", "Di"]}]}).get_json()
    assert client.delete(f"/api/v1/games/{other['id']}", headers=basic()).status_code == 200


TABLE_WRITES = ("addHand", "correctHand", "removeLastHand", "endGame", "abandonGame", "deleteGame", "callOrganiser",
                "agreeHand")


def test_the_document_names_both_ways_to_sign_in_where_either_serves():
    operations = {operation["operationId"]: operation for item in openapi_document()["paths"].values()
                  for operation in item.values()}
    for name in TABLE_WRITES:
        assert operations[name]["security"] == [{"tableCode": []}, {"organiser": []}], name
    for name in ("endGame", "abandonGame", "deleteGame", "removeLastHand"):
        assert "organiser's name and password" in operations[name]["description"], name
    assert operations["getSession"]["security"] == [{"organiser": []}]
    assert operations["getGame"]["security"] == [{}, {"tableCode": []}, {"organiser": []}]   # public: nothing
    assert operations["getEvents"]["security"] == [{"tableCode": []}, {"organiser": []}]
