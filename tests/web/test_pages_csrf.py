"""With CSRF protection on: forms carry a token; a missing or forged one is refused kindly, nothing stored."""
import re

from app.extensions import db
from app.store.game.models import Game
from tests.web.pages_support import hand_count, hand_data, hidden_fields, text

NEW_GAME = {"ruleset": "bolivia", "players": "4", "first_dealer": "0-0"}


def token_of(page: str) -> str:
    """The CSRF token a page's form carries."""
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def game_count(app) -> int:
    with app.app_context():
        return db.session.query(Game).count()


def start(client) -> int:
    """A game opened with a proper token."""
    token = token_of(text(client.get("/games/new")))
    answer = client.post("/games/new", data=dict(NEW_GAME, csrf_token=token))
    assert answer.status_code == 302
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def code_page(client, game_id):
    """The table-code form, as a tablet without the code sees it."""
    other = client.application.test_client()
    return other.get(f"/games/{game_id}/hands/new")


def test_every_form_carries_a_token(csrf_client):
    game_id = start(csrf_client)
    for url in ("/games/new", f"/games/{game_id}/hands/new", "/sets/check"):
        assert token_of(text(csrf_client.get(url)))
    assert token_of(text(code_page(csrf_client, game_id)))


def test_a_new_game_without_a_token_is_refused_kindly(csrf_app, csrf_client):
    for data in (NEW_GAME, dict(NEW_GAME, csrf_token="forged")):
        answer = csrf_client.post("/games/new", data=data)
        assert answer.status_code == 400
        assert "For your safety nothing was saved" in text(answer)
    assert game_count(csrf_app) == 0
    start(csrf_client)
    assert game_count(csrf_app) == 1


def test_a_forged_hand_is_refused_and_nothing_stored(csrf_app, csrf_client):
    game_id = start(csrf_client)
    data = hand_data([{"sets": {"red_samba": 1, "red_canasta": 1}, "table_points": 485}, {}], "0")
    answer = csrf_client.post(f"/games/{game_id}/hands/new", data=data,
                              headers={"Origin": "https://evil.example"})
    assert answer.status_code == 400
    assert "For your safety nothing was saved" in text(answer)
    assert 'value="485"' not in text(answer)                  # a forged form is not filled in
    assert hand_count(csrf_app, game_id) == 0


def test_an_expired_token_from_this_site_gives_the_form_back_filled_in(csrf_app, csrf_client):
    game_id = start(csrf_client)
    page = text(csrf_client.get(f"/games/{game_id}/hands/new"))
    data = hidden_fields(page)
    data.update(hand_data([{"sets": {"red_samba": 1, "red_canasta": 1}, "table_points": 485}, {}], "0"))
    data["csrf_token"] = "expired"
    answer = csrf_client.post(f"/games/{game_id}/hands/new", data=data,
                              headers={"Referer": f"http://localhost/games/{game_id}/hands/new"})
    assert answer.status_code == 400
    again = text(answer)
    assert "For your safety nothing was saved" in again and "press Save again" in again
    assert 'value="485"' in again
    assert hand_count(csrf_app, game_id) == 0
    resent = hidden_fields(again)
    assert resent["csrf_token"] != "expired"
    data.update(resent)
    assert csrf_client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    assert hand_count(csrf_app, game_id) == 1


def test_correct_and_remove_need_the_token(csrf_app, csrf_client):
    game_id = start(csrf_client)
    page = text(csrf_client.get(f"/games/{game_id}/hands/new"))
    data = hidden_fields(page)
    data.update(hand_data([{"table_points": 50}, {}], "none"))
    assert csrf_client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    edit = dict(hand_data([{"table_points": 100}, {}], "none"), version="2")
    assert csrf_client.post(f"/games/{game_id}/hands/1/edit", data=edit).status_code == 400
    assert csrf_client.post(f"/games/{game_id}/hands/1/remove", data={"version": "2"}).status_code == 400
    with csrf_app.app_context():
        game = db.session.get(Game, game_id)
        assert len(game.hands) == 1 and game.hands[0].entries[0].table_points == 50


def test_the_table_code_form_needs_the_token(csrf_app, csrf_client):
    game_id = start(csrf_client)
    with csrf_app.app_context():
        code = db.session.get(Game, game_id).table_code
    other = csrf_app.test_client()
    answer = other.post(f"/games/{game_id}/code", data={"code": code})
    assert answer.status_code == 400
    with other.session_transaction() as session:
        assert "codes" not in session
    token = token_of(text(other.get(f"/games/{game_id}/hands/new")))
    assert other.post(f"/games/{game_id}/code", data={"code": code, "csrf_token": token}).status_code == 302


def test_the_preview_needs_the_token_in_its_header(csrf_client):
    game_id = start(csrf_client)
    token = token_of(text(csrf_client.get(f"/games/{game_id}/hands/new")))
    data = hand_data([{"table_points": 50}, {}], "none")
    refused = csrf_client.post(f"/games/{game_id}/preview", data=data)
    assert refused.status_code == 400
    assert refused.get_json()["ok"] is False and "nothing was saved" in refused.get_json()["general"][0]
    answer = csrf_client.post(f"/games/{game_id}/preview", data=data, headers={"X-CSRFToken": token})
    assert answer.status_code == 200 and answer.get_json()["teams"][0]["score"] == 50


def test_the_set_checker_needs_the_token(csrf_client):
    data = {"ruleset": "bolivia", "cards": "7H 8H 9H 10H JH QH KH"}
    refused = csrf_client.post("/sets/check", data=data)
    assert refused.status_code == 400 and "the cards were not checked" in text(refused)
    assert csrf_client.post("/sets/check/verdict", data=data).status_code == 400
    token = token_of(text(csrf_client.get("/sets/check")))
    assert "Red Samba" in text(csrf_client.post("/sets/check", data=dict(data, csrf_token=token)))
    verdict = csrf_client.post("/sets/check/verdict", data=data, headers={"X-CSRFToken": token})
    assert verdict.get_json()["name"] == "Red Samba"
