"""The pages' and sheets' HTTP validators: an ETag made of what the page shows (the game and its version, the
session's version, the viewer's kind), a 304 to a browser that holds it, asked again each time (private,
no-cache, Vary: Cookie), and never a 304 past the access check."""
from __future__ import annotations

import pytest

from tests.web.club_support import enter_hand, login, open_session, organiser, public_club, tablet_of
from tests.web.pages_support import open_game, post_hand

TEAMS = [{"name": "Jets", "players": ["Ann", "Bob"]}, {"name": "Sharks", "players": ["Cy", "Di"]}]


def held(client, path: str, tag: str):
    """The page asked for again by a browser holding the copy this ETag names."""
    return client.get(path, headers={"If-None-Match": tag})


def settled(client, path: str):
    """The page as a browser sees it once any message waiting for it (a new game's code, a hand saved) was shown."""
    client.get(path)
    return client.get(path)


def assert_validated(response) -> str:
    """The answer carries its tag and the headers that make a browser ask again each time; its tag."""
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert "Cookie" in response.headers["Vary"]
    tag, weak = response.get_etag()
    assert tag and not weak
    return response.headers["ETag"]


@pytest.fixture
def untimed(app, client) -> dict:
    """A session of two tables played to the target (no clock runs: its stamp has no minute), the organiser
    signed in on `client`; its document."""
    organiser(app)
    login(client)
    opened = open_session(client, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"], format={"kind": "target"})
    assert opened.status_code == 201, opened.get_data(as_text=True)
    return opened.get_json()


def test_the_game_page_is_answered_304_until_a_hand_is_recorded(app, client):
    game_id = open_game(client)
    page = f"/games/{game_id}"
    tag = assert_validated(settled(client, page))
    again = held(client, page, tag)
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    assert again.headers["Cache-Control"] == "private, no-cache"
    post_hand(client, game_id, [{"table_points": 200}, {"table_points": 100}])
    shown = held(client, page, tag)                  # the hand's message, then the page as it now stands
    assert shown.status_code == 200 and "ETag" not in shown.headers
    changed = held(client, page, tag)
    assert changed.status_code == 200 and "Score sheet" in changed.get_data(as_text=True)
    assert assert_validated(changed) != tag
    assert held(client, page, changed.headers["ETag"]).status_code == 304


def test_another_kind_of_viewer_never_gets_the_copy_of_another(app, client, untimed):
    public_club(app)                                    # an onlooker reads the game only at a public club
    table = untimed["tables"][0]
    page = f"/games/{table['game_id']}"
    at_table = tablet_of(app, table)                    # holds the table code
    onlooker = app.test_client()                        # no code, no sign-in
    tags = {"organiser": settled(client, page).headers["ETag"], "table": settled(at_table, page).headers["ETag"],
            "onlooker": settled(onlooker, page).headers["ETag"]}
    assert len(set(tags.values())) == 3
    for who, browser in (("organiser", client), ("table", at_table), ("onlooker", onlooker)):
        for whose, tag in tags.items():
            assert held(browser, page, tag).status_code == (304 if who == whose else 200), (who, whose)


def test_the_sheet_pdf_is_answered_304_until_the_game_changes(app, client):
    game_id = open_game(client)
    sheet = f"/games/{game_id}/sheet.pdf"
    first = client.get(sheet)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    tag = assert_validated(first)
    assert held(client, sheet, tag).status_code == 304
    post_hand(client, game_id, [{"table_points": 200}, {"table_points": 100}])
    changed = held(client, sheet, tag)
    assert changed.status_code == 200 and changed.data.startswith(b"%PDF") and changed.headers["ETag"] != tag


def test_a_session_game_page_changes_with_its_session_as_well_as_its_game(app, client, untimed):
    first, second = untimed["tables"]
    page = f"/games/{first['game_id']}"
    tag = settled(client, page).headers["ETag"]
    assert held(client, page, tag).status_code == 304
    assert enter_hand(client, second).status_code == 201           # the session moved on: its calls, agreement
    assert held(client, page, tag).status_code == 200                # and clock show on every table's page


def test_the_board_and_the_results_are_answered_304_until_the_session_changes(app, client, untimed):
    table = untimed["tables"][0]
    for page in (f"/club/sessions/{untimed['id']}/board", f"/club/sessions/{untimed['id']}/results"):
        tag = assert_validated(settled(client, page))
        assert held(client, page, tag).status_code == 304, page
    assert enter_hand(client, table).status_code == 201
    for page in (f"/club/sessions/{untimed['id']}/board", f"/club/sessions/{untimed['id']}/results"):
        assert held(client, page, tag).status_code == 200, page


def test_a_304_never_answers_a_browser_the_page_refuses(app, client, untimed):
    board = f"/club/sessions/{untimed['id']}/board"
    tag = settled(client, board).headers["ETag"]
    stranger = app.test_client()
    refused = held(stranger, board, tag)
    assert refused.status_code in (302, 401, 403) and "ETag" not in refused.headers
    missing = held(stranger, "/games/999999/sheet.pdf", tag)
    assert missing.status_code == 404


def test_a_page_with_a_message_waiting_is_sent_whole_and_untagged(app, client, untimed):
    board = f"/club/sessions/{untimed['id']}/board"
    tag = settled(client, board).headers["ETag"]
    with client.session_transaction() as kept:
        kept["_flashes"] = [("success", "The call is cleared.")]
    shown = held(client, board, tag)
    assert shown.status_code == 200 and "The call is cleared." in shown.get_data(as_text=True)
    assert "ETag" not in shown.headers
    assert held(client, board, tag).status_code == 304          # the message shown once, the copy stands again
