"""Call the organiser: a tablet puts its table on the board's call list, the organiser clears it; both on the
session's record, in the browser's pages and over the API (tablet: X-Table-Code; organiser: HTTP Basic)."""
from app.extensions import db
from app.store.club.models import SessionEvent, TableCall
from tests.web.club_support import basic, drawn, tablet_of
from tests.web.pages_support import open_game


def record_of(app, session_id: int) -> list[tuple[str, str, str]]:
    """The session's record: (kind, who, words)."""
    with app.app_context():
        return [(e.kind, e.actor_label, e.words) for e in db.session.query(SessionEvent)
                .filter_by(session_id=session_id).order_by(SessionEvent.id)]


def test_a_tablet_calls_the_organiser_and_the_board_lists_the_table_until_cleared(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    game_url = f"/games/{table['game_id']}"
    stranger = app.test_client()            # the club keeps its games: a tablet without the code is asked for it
    assert "Enter the table code" in stranger.get(game_url).get_data(as_text=True)
    assert "Call the organiser" in tablet_of(app, table).get(game_url).get_data(as_text=True)
    refused = stranger.post(f"{game_url}/call")
    assert refused.status_code == 403 and "table code" in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(TableCall).count() == 0

    tablet = tablet_of(app, table)
    answer = tablet.post(f"{game_url}/call", data={"confirmed": "yes"}, follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "The organiser has been called: they will come to your table." in page
    assert "Stay at the table: they will come." in page and "Call the organiser</a>" not in page
    assert tablet.post(f"{game_url}/call", data={"confirmed": "yes"}).status_code == 302   # twice: still one call
    board = client.get(f"/club/sessions/{doc['id']}/board.json").get_json()
    assert [(c["table"], c["label"], c["reason"]) for c in board["calls"]] == [(1, "Table 1", "")]
    board_page = client.get(f"/club/sessions/{doc['id']}/board").get_data(as_text=True)
    assert "Calling the organiser" in board_page and '<span class="call-table">Table 1</span>' in board_page

    call_id = board["calls"][0]["id"]
    cleared = client.post(f"/club/sessions/{doc['id']}/calls/{call_id}/clear", follow_redirects=True)
    assert "Table 1&#39;s call is cleared." in cleared.get_data(as_text=True)
    assert client.get(f"/club/sessions/{doc['id']}/board.json").get_json()["calls"] == []
    again = client.post(f"/club/sessions/{doc['id']}/calls/{call_id}/clear", follow_redirects=True)
    assert "call was already cleared at" in again.get_data(as_text=True)
    assert "Call the organiser</a>" in tablet.get(game_url).get_data(as_text=True)
    kinds = [(kind, who, words) for kind, who, words in record_of(app, doc["id"]) if "call" in kind]
    assert kinds == [("table_called", "the tablet at Table 1", "Table 1 calls the organiser."),
                     ("call_cleared", "the organiser Margaret", "Table 1's call cleared.")]
    session_page = client.get(f"/club/sessions/{doc['id']}").get_data(as_text=True)
    assert "the tablet at Table 1: Table 1 calls the organiser." in session_page


def test_only_the_organiser_clears_a_call(app, client):
    doc = drawn(app, client)
    tablet = tablet_of(app, doc["tables"][1])
    tablet.post(f"/games/{doc['tables'][1]['game_id']}/call", data={"confirmed": "yes"})
    with app.app_context():
        call_id = db.session.query(TableCall).one().id
    anonymous = app.test_client().post(f"/club/sessions/{doc['id']}/calls/{call_id}/clear")
    assert anonymous.status_code == 302 and "/login" in anonymous.headers["Location"]
    assert len(client.get(f"/club/sessions/{doc['id']}/board.json").get_json()["calls"]) == 1


def test_a_game_outside_a_session_has_no_call_button(app, client):
    game_id = open_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Call the organiser" not in page


def test_the_api_calls_the_organiser_with_the_table_code_and_clears_with_the_organisers_password(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    url = f"/api/v1/games/{table['game_id']}/call"
    assert client.post(url, json={}).status_code == 403
    first = client.post(url, json={"reason": "A question on the rules"}, headers={"X-Table-Code": table["table_code"]})
    assert first.status_code == 201
    call = first.get_json()["call"]
    assert (call["table"], call["label"], call["reason"], call["cleared"], call["called_by"]) == (
        1, "Table 1", "A question on the rules", False, "the API")
    second = client.post(url, headers={"X-Table-Code": table["table_code"]})
    assert second.status_code == 200 and second.get_json() == {"call": call, "created": False}
    too_long = client.post(f"/api/v1/games/{doc['tables'][1]['game_id']}/call", json={"reason": "x" * 201},
                           headers={"X-Table-Code": doc["tables"][1]["table_code"]})
    assert too_long.status_code == 422 and too_long.get_json()["errors"][0]["field"] == "reason"
    session = client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()
    assert [c["id"] for c in session["calls"]] == [call["id"]] and session["agreement"] is False

    clear = f"/api/v1/sessions/{doc['id']}/calls/{call['id']}/clear"
    assert client.post(clear).status_code == 401
    cleared = client.post(clear, headers=basic())
    assert cleared.status_code == 200
    assert cleared.get_json()["calls"] == [] and cleared.get_json()["call"]["cleared_by"] == "the organiser Margaret"
    assert client.post(clear, headers=basic()).status_code == 409
    assert client.post(f"/api/v1/sessions/{doc['id']}/calls/999999/clear", headers=basic()).status_code == 404


def test_a_game_outside_a_session_cannot_call_over_the_api(app, client):
    created = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [
        {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}).get_json()
    answer = client.post(f"/api/v1/games/{created['id']}/call", headers={"X-Table-Code": created["table_code"]})
    assert answer.status_code == 409 and "not a club session's table" in answer.get_json()["errors"][0]["message"]


def test_calling_the_organiser_is_asked_first_and_nothing_is_called_until_yes(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    game_url = f"/games/{table['game_id']}"
    tablet = tablet_of(app, table)
    asked = tablet.get(f"{game_url}/call").get_data(as_text=True)
    assert "Call the organiser?" in asked and "Yes, call the organiser" in asked and "No, go back" in asked
    unconfirmed = tablet.post(f"{game_url}/call")
    assert unconfirmed.status_code == 200 and "Yes, call the organiser" in unconfirmed.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(TableCall).count() == 0
    assert tablet.post(f"{game_url}/call", data={"confirmed": "yes"}).status_code == 302
    with app.app_context():
        assert db.session.query(TableCall).count() == 1


def test_a_tablet_takes_its_call_back_and_the_board_and_record_follow(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    game_url = f"/games/{table['game_id']}"
    tablet = tablet_of(app, table)
    tablet.post(f"{game_url}/call", data={"confirmed": "yes"})
    assert "Take the call back" in tablet.get(game_url).get_data(as_text=True)
    assert app.test_client().post(f"{game_url}/call/back").status_code == 403      # no code: nothing changes
    assert len(client.get(f"/club/sessions/{doc['id']}/board.json").get_json()["calls"]) == 1
    back = tablet.post(f"{game_url}/call/back", follow_redirects=True).get_data(as_text=True)
    assert "Your call is taken back: the organiser no longer comes to your table." in back
    assert "Call the organiser</a>" in back and "Take the call back" not in back
    assert client.get(f"/club/sessions/{doc['id']}/board.json").get_json()["calls"] == []
    assert record_of(app, doc["id"])[-1] == ("call_taken_back", "the tablet at Table 1", "Table 1 took its call back.")
    again = tablet.post(f"{game_url}/call/back")
    assert again.status_code == 409 and "There is no call to take back" in again.get_data(as_text=True)
