"""Guessing a table code: after five wrong codes from one address, that address must wait."""
from app.throttle import CodeThrottle
from tests.web.pages_support import open_game


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_five_wrong_codes_make_an_address_wait_and_time_or_a_right_code_clears_it():
    clock = Clock()
    throttle = CodeThrottle(allowed=5, window=600, clock=clock)
    for _ in range(5):
        assert throttle.wait_seconds("1.2.3.4", 7) == 0
        throttle.failed("1.2.3.4", 7)
    assert throttle.wait_seconds("1.2.3.4", 7) == 600
    assert throttle.wait_seconds("5.6.7.8", 7) == 0          # another tablet is not held up
    assert throttle.wait_seconds("1.2.3.4", 8) == 0          # nor another game
    clock.now = 601
    assert throttle.wait_seconds("1.2.3.4", 7) == 0
    throttle.failed("1.2.3.4", 7)
    throttle.succeeded("1.2.3.4", 7)
    assert throttle.failures == {}


def api_game(client) -> tuple[int, str]:
    """A game opened through the API: its id and table code."""
    answer = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [
        {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]})
    return answer.get_json()["id"], answer.get_json()["table_code"]


def test_the_api_answers_429_after_five_wrong_codes_even_for_the_right_one(client):
    game_id, code = api_game(client)
    wrong = "0000" if code != "0000" else "1111"
    for _ in range(5):
        assert client.delete(f"/api/v1/games/{game_id}/hands/1", headers={"X-Table-Code": wrong}).status_code == 403
    answer = client.delete(f"/api/v1/games/{game_id}/hands/1", headers={"X-Table-Code": code})
    assert answer.status_code == 429
    assert "wait" in answer.get_json()["errors"][0]["message"]


def test_the_code_page_asks_to_wait_after_five_wrong_codes(client, app):
    game_id = open_game(client)
    with client.session_transaction() as session:
        session.clear()                                        # another tablet, without the code
    for _ in range(5):
        page = client.post(f"/games/{game_id}/code", data={"code": "99999", "next": ""})
        assert page.status_code == 403
    page = client.post(f"/games/{game_id}/code", data={"code": "99999", "next": ""})
    assert page.status_code == 429
    assert "Please wait" in page.get_data(as_text=True)
