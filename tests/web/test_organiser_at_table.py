"""The organiser at a session table: corrects any of the club's games without the table code (the record names
them); ends, abandons and deletes a session table's game where a player's tablet may not (the server refuses
the tablet, whatever the page shows); a finished table says so and offers no call and no removal; the board
says when the round is over."""
from datetime import timedelta

from app.extensions import db
from app.store.people.models import Role
from app.store.game.models import Game, GameEvent
from app.web.sign_in import add_organiser
from tests.web.club_support import basic, club_clock, dated, drawn, enter_hand, login, tablet_of
from tests.web.pages_support import hidden_fields, post_hand, text

FIXED = [{"table_points": 300}, {"table_points": 100}]


def record_of(app, game_id: int) -> list[tuple[str, str]]:
    """The game's record: (kind, who)."""
    with app.app_context():
        return [(e.kind, e.actor_label) for e in db.session.query(GameEvent).filter_by(game_id=game_id)
                .order_by(GameEvent.seq)]


def version_of(client, game_id: int) -> int:
    return client.get(f"/api/v1/games/{game_id}").get_json()["version"]


def closed_of(app, game_id: int):
    with app.app_context():
        return db.session.get(Game, game_id).closed


def test_the_signed_in_organiser_corrects_and_removes_without_the_code_and_the_record_names_them(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    game_id = table["game_id"]
    assert enter_hand(client, table).status_code == 201
    assert enter_hand(client, table).status_code == 201
    page = text(client.get(f"/games/{game_id}"))
    assert "You are signed in as the organiser: you can correct or remove this game's hands without its" in page
    assert f"Table code: <b>{table['table_code']}</b>" in page and "Ask the organiser" not in page
    form = client.get(f"/games/{game_id}/hands/1/edit")
    assert form.status_code == 200 and "Enter the table code" not in text(form)
    assert post_hand(client, game_id, FIXED, number=1).status_code == 302
    remove = client.get(f"/games/{game_id}/hands/2/remove")
    assert remove.status_code == 200
    done = client.post(f"/games/{game_id}/hands/2/remove", data=hidden_fields(text(remove)))
    assert done.status_code == 302
    assert record_of(app, game_id)[-2:] == [("hand_corrected", "the organiser Margaret"),
                                            ("hand_removed", "the organiser Margaret")]
    shown = text(client.get(f"/games/{game_id}"))
    assert "by the organiser Margaret" in shown and "another tablet" not in shown


def test_a_results_viewer_and_a_stranger_still_need_the_table_code(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    assert enter_hand(client, table).status_code == 201
    with app.app_context():
        add_organiser("Vera", "reads-the-results", role=Role.VIEWER)
    viewer = app.test_client()
    login(viewer, "Vera", "reads-the-results")
    for browser in (viewer, app.test_client()):
        asked = browser.get(f"/games/{table['game_id']}/hands/1/edit")
        assert "table code" in text(asked).lower() and 'name="team0-table_points"' not in text(asked)
        refused = browser.post(f"/games/{table['game_id']}/hands/1/edit", data={"team0-table_points": "300"})
        assert refused.status_code == 403
    assert [kind for kind, _ in record_of(app, table["game_id"])].count("hand_corrected") == 0


def test_at_a_session_table_only_the_organiser_ends_abandons_or_deletes_the_game(app, client):
    doc = drawn(app, client)
    first, second = doc["tables"][0], doc["tables"][1]
    tablet = tablet_of(app, first)
    page = text(tablet.get(f"/games/{first['game_id']}"))
    assert "End the game now" not in page and "Abandon the game" not in page and "Delete this game" not in page
    assert "Ending or abandoning a table's game is the organiser's: call them if you need to." in page
    for action in ("end", "abandon", "delete"):
        version = version_of(client, first["game_id"])
        refused = tablet.post(f"/games/{first['game_id']}/{action}", data={"version": str(version)})
        assert refused.status_code == 403, action
        assert "only the organiser ends, abandons or deletes a table's game" in text(refused)
        assert closed_of(app, first["game_id"]) is None
    by_api = client.post(f"/api/v1/games/{first['game_id']}/end", headers={"X-Table-Code": first["table_code"]})
    assert by_api.status_code == 403 and "only the organiser" in by_api.get_json()["errors"][0]["message"]
    assert closed_of(app, first["game_id"]) is None

    organiser_page = text(client.get(f"/games/{first['game_id']}"))
    assert "End the game now" in organiser_page and "Abandon the game" in organiser_page
    version = version_of(client, first["game_id"])
    assert client.post(f"/games/{first['game_id']}/abandon", data={"version": str(version)}).status_code == 302
    assert closed_of(app, first["game_id"]) is not None
    assert record_of(app, first["game_id"])[-1] == ("game_abandoned", "the organiser Margaret")
    code_and_password = {"X-Table-Code": second["table_code"], **basic()}
    assert client.post(f"/api/v1/games/{second['game_id']}/end", headers=code_and_password).status_code == 200
    assert record_of(app, second["game_id"])[-1] == ("game_ended", "the organiser Margaret")


def test_a_casual_game_keeps_its_own_end_abandon_and_delete(app, client):
    made = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [{"players": ["Ann", "Bob"]},
                                                                              {"players": ["Cy", "Di"]}]})
    game = made.get_json()
    tablet = tablet_of(app, {"game_id": game["id"], "table_code": game["table_code"]})
    page = text(tablet.get(f"/games/{game['id']}"))
    assert "End the game now" in page and "Delete this game" in page
    version = version_of(client, game["id"])
    assert tablet.post(f"/games/{game['id']}/end", data={"version": str(version)}).status_code == 302
    assert closed_of(app, game["id"]) is not None


def test_a_finished_table_says_so_offers_the_sheet_and_the_board_says_the_round_is_over(app, client):
    doc = drawn(app, client, format={"kind": "time", "ends_at": "23:59"})
    dated(app, doc["id"], club_clock(app).date() + timedelta(days=1))     # its end a day away, whatever the hour
    first, second = doc["tables"][0], doc["tables"][1]
    assert enter_hand(client, first).status_code == 201
    assert enter_hand(client, second).status_code == 201
    assert client.post(f"/club/sessions/{doc['id']}/call-time").status_code == 302
    tablet = tablet_of(app, first)
    assert "Time is called: finish the hand in play." in text(tablet.get(f"/games/{first['game_id']}"))
    board = text(client.get(f"/club/sessions/{doc['id']}/board"))
    assert "Round 1 is over" not in board
    assert client.get(f"/club/sessions/{doc['id']}/board.json").get_json()["round_over"] is False

    for table in (first, second):      # each table enters its last hand: both games are over
        assert enter_hand(client, table).status_code == 201
    page = text(tablet.get(f"/games/{first['game_id']}"))
    assert "This table has finished. Check the score sheet below; the organiser starts the next round." in page
    assert "Time is called" not in page and "finish the hand in play" not in page
    assert "Call the organiser" not in page and "Remove last hand" not in page and "End the game now" not in page
    assert "Print score sheet" in page
    version, before = version_of(client, first["game_id"]), record_of(app, first["game_id"])
    refused = tablet.post(f"/games/{first['game_id']}/hands/2/remove", data={"version": str(version)})
    assert refused.status_code == 403 and "only the organiser can remove its last hand" in text(refused)
    assert record_of(app, first["game_id"]) == before and version_of(client, first["game_id"]) == version
    organiser_page = text(client.get(f"/games/{first['game_id']}"))
    assert "Remove last hand (2)" in organiser_page and "Results of the day" in organiser_page

    board = text(client.get(f"/club/sessions/{doc['id']}/board"))
    assert "Round 1 is over: every table has finished." in board
    assert "finish the hand in play" not in board and 'class="session-clock' not in board
    assert client.get(f"/club/sessions/{doc['id']}/board.json").get_json()["round_over"] is True


def test_the_draws_words_say_when_the_organiser_set_seats_by_hand(app, client):
    doc = drawn(app, client)
    first, second = doc["tables"][0], doc["tables"][1]
    words = client.get(f"/club/sessions/{doc['id']}/board.json").get_json()["draw_words"]
    assert words and "by hand" not in words
    mover, other = first["teams"][0][0], second["teams"][0][0]
    assert client.post(f"/club/sessions/{doc['id']}/swap", data={"first": mover, "second": other}).status_code == 302
    board = client.get(f"/club/sessions/{doc['id']}/board.json").get_json()
    assert board["draw_words"].endswith("The organiser then set some seats by hand.")
    assert other in board["tables"][0]["teams"][0] and mover in board["tables"][1]["teams"][0]
    assert "The organiser then set some seats by hand." in text(client.get(f"/club/sessions/{doc['id']}"))
