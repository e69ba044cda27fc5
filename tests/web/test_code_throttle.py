"""Guessing a table code: stored brakes per address and per game, a growing wait, the organiser's release."""
from datetime import timedelta

from app.store.base.brakes import (FREE_PER_GAME, FREE_PER_ADDRESS, LONGEST_WAIT, CodeBrake, record_failure,
                                   release_code_brake, seconds_to_wait, wait_after)
from app.extensions import db
from app.store.game.models import Game, utcnow
from tests.web.pages_support import open_game


def test_the_wait_grows_from_15_seconds_to_10_minutes():
    assert [wait_after(n, 5) for n in range(4, 12)] == [0, 15, 30, 60, 120, 240, 480, 600]
    assert wait_after(500, 5) == LONGEST_WAIT


def test_an_afternoon_of_guessing_gets_under_one_percent_of_the_codes():
    """Four hours of guesses as fast as the brake allows, from ever new addresses (per-game brake)."""
    seconds, guesses, failures = 0, 0, 0
    while seconds < 4 * 3600:
        guesses += 1
        failures += 1
        seconds += max(1, wait_after(failures, FREE_PER_GAME))
    assert guesses < 100          # of 10,000 codes: under a 1% chance per game per afternoon


def test_wrong_codes_are_stored_per_address_and_per_game(app):
    with app.test_client() as client:
        game_id = open_game(client)
    with app.app_context():
        now = utcnow()
        for _ in range(FREE_PER_ADDRESS):
            assert seconds_to_wait(game_id, "1.2.3.4", now) == 0
            record_failure(game_id, "1.2.3.4", now)
        assert seconds_to_wait(game_id, "1.2.3.4", now) == 15
        assert seconds_to_wait(game_id, "5.6.7.8", now) == 0          # another tablet is not held up
        assert seconds_to_wait(game_id, "1.2.3.4", now + timedelta(seconds=16)) == 0   # 15 s, not 10 minutes
        assert db.session.query(CodeBrake).count() == 2              # survives a restart: it is in the database
        for index in range(FREE_PER_GAME):
            record_failure(game_id, f"10.0.0.{index}", now)
        assert seconds_to_wait(game_id, "9.9.9.9", now) > 0           # many addresses: the whole game waits
        assert seconds_to_wait(game_id, "9.9.9.9", now + timedelta(hours=2)) == 0   # forgotten after an hour
        game = db.session.get(Game, game_id)
        assert release_code_brake(game) == FREE_PER_GAME + 2
        assert seconds_to_wait(game_id, "1.2.3.4", now) == 0


def test_the_brake_release_command(app):
    with app.test_client() as client:
        game_id = open_game(client)
    with app.app_context():
        for _ in range(FREE_PER_ADDRESS + 1):
            record_failure(game_id, "1.2.3.4")
    runner = app.test_cli_runner()
    result = runner.invoke(args=["brake", "release", str(game_id)])
    assert result.exit_code == 0 and "brake released" in result.output
    with app.app_context():
        assert seconds_to_wait(game_id, "1.2.3.4") == 0
    result = runner.invoke(args=["brake", "release", "99999999999"])
    assert result.exit_code != 0 and "There is no game number" in result.output


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
    assert "wait 15 seconds" in answer.get_json()["errors"][0]["message"]


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
    assert "organiser" in page.get_data(as_text=True)


def test_opening_games_is_limited_per_address(client):
    for _ in range(10):
        assert client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [
            {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}).status_code == 201
    answer = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": []})
    assert answer.status_code == 429
    assert "wait a minute" in answer.get_json()["errors"][0]["message"]
    page = client.post("/games/new", data={"ruleset": "bolivia", "players": "4", "first_dealer": "0-0"})
    assert page.status_code == 429 and "wait a minute" in page.get_data(as_text=True)
    other = client.post("/games/new", data={"ruleset": "bolivia", "players": "4", "first_dealer": "0-0"},
                        environ_base={"REMOTE_ADDR": "10.1.1.1"})
    assert other.status_code == 302                               # another address is not held up


def test_a_free_wrong_code_counted_a_moment_later_sets_no_wait(app):
    """A tablet that read the clock just before another's still-free wrong code was stored is not told to wait
    1 second (the race the concurrent test once lost): only a count beyond the allowance sets a wait."""
    with app.test_client() as client:
        game_id = open_game(client)
    with app.app_context():
        now = utcnow()
        for _ in range(FREE_PER_ADDRESS - 1):
            record_failure(game_id, "1.2.3.4", now)
        assert seconds_to_wait(game_id, "1.2.3.4", now - timedelta(milliseconds=300)) == 0
        record_failure(game_id, "1.2.3.4", now)
        assert seconds_to_wait(game_id, "1.2.3.4", now - timedelta(milliseconds=300)) == 16
