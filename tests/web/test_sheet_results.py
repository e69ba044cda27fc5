"""The printed sheet says how a game ended: time called in a club session, abandoned, ended early."""
from io import BytesIO

from pypdf import PdfReader

from tests.web.club_support import basic, enter_hand, open_session, organiser
from tests.web.test_api_games import GAMES, new_game, post_hand, bolivia_hand
from tests.web.test_game_record import code_header
import pytest
from tests.web.club_support import public_club



@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

def sheet_text(client, game_id: int) -> str:
    answer = client.get(f"/games/{game_id}/sheet.pdf")
    assert answer.status_code == 200
    return " ".join(page.extract_text() for page in PdfReader(BytesIO(answer.data)).pages)


def test_a_session_game_ended_by_calling_time_prints_as_final_with_its_winner(app, client):
    organiser(app)
    session = open_session(client, ["Ann", "Bob", "Cy", "Di"]).get_json()
    table = session["tables"][0]
    assert enter_hand(client, table, (200, 100)).status_code == 201
    assert client.post(f"/api/v1/sessions/{session['id']}/call-time", headers=basic()).status_code == 200
    assert enter_hand(client, table, (300, 100)).status_code == 201      # the hand in play when time was called
    text = sheet_text(client, table["game_id"])
    assert "IN PROGRESS" not in text and "In progress" not in text
    game = client.get(f"{GAMES}/{table['game_id']}").get_json()
    assert game["teams"][0]["progressive"] == 500 and game["teams"][1]["progressive"] == 200
    assert f"Winner: {game['teams'][0]['name']} with 500" in text, text[:600]
    assert "time was called and the last hand was entered" in text


def test_an_abandoned_game_prints_as_final_with_no_winner(client):
    game = new_game(client)
    assert post_hand(client, game, bolivia_hand()).status_code == 201
    assert client.post(f"{GAMES}/{game['id']}/abandon", headers=code_header(game)).status_code == 200
    text = sheet_text(client, game["id"])
    assert "Final – no result" in text and "No result: it was abandoned." in text
    assert "Winner:" not in text and "IN PROGRESS" not in text
