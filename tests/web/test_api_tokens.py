"""A write sent twice is one write: the client_token of a game or a hand, and the version, read from the body only;
a wrong table code brakes with Retry-After."""
from app.extensions import db
from app.store.game.models import Game
from tests.web.test_api_games import GAMES, bolivia_hand, errors_of, new_game, players, post_hand, read


def test_a_version_in_the_address_is_refused_on_every_write_that_takes_one(client):
    game = new_game(client)
    code = {"X-Table-Code": game["table_code"]}
    url = f"{GAMES}/{game['id']}"
    for answer in (client.post(url + "/end?version=1", headers=code), client.delete(url + "?version=1", headers=code),
                   client.post(url + "/hands?version=1", json={"teams": bolivia_hand()}, headers=code)):
        assert [(e["field"], e["code"]) for e in errors_of(answer, 422)] == [("version", "version.in_query")]
    assert [e["code"] for e in errors_of(client.post(url + "/end", json={"version": 9}, headers=code), 409)] == [
        "game.stale"]
    assert read(client, game)["version"] == 1 and not read(client, game)["game_over"]
    ended = client.post(url + "/abandon", json={"version": 1}, headers=code)
    assert ended.status_code == 200 and ended.get_json()["game"]["outcome"]["state"] == "no_result"


def test_a_hand_token_sent_again_with_other_figures_is_refused(client):
    game = new_game(client)
    assert post_hand(client, game, bolivia_hand(), client_token="one").status_code == 201
    assert post_hand(client, game, bolivia_hand(), client_token="one").status_code == 200
    errors = errors_of(post_hand(client, game, [{"table_points": 50}, {}], client_token="one"), 409)
    assert [e["code"] for e in errors] == ["client_token.reused"]
    assert len(read(client, game)["hands"]) == 1


def test_the_same_client_token_opens_one_game_and_refuses_another_request(client, app):
    first = new_game(client, client_token="table-1")
    again = client.post(GAMES, json={"ruleset": "bolivia", "client_token": "table-1", "teams": [
        {"name": "Us", "players": players(2, "U")}, {"name": "Them", "players": players(2, "T")}]})
    assert again.status_code == 200 and (again.get_json()["id"], again.get_json()["table_code"]) == (
        first["id"], first["table_code"])
    other = client.post(GAMES, json={"ruleset": "sambola", "client_token": "table-1", "teams": [
        {"players": ["A", "B"]}, {"players": ["C", "D"]}]})
    assert [e["code"] for e in errors_of(other, 409)] == ["client_token.reused"]
    with app.app_context():
        assert db.session.query(Game).count() == 1
    events = client.get(f"{GAMES}/{first['id']}/events",
                        headers={"X-Table-Code": first["table_code"]}).get_json()["events"]
    assert [(e["kind"], e["actor"]["label"]) for e in events] == [("game_opened", "the API")]


def test_too_many_wrong_table_codes_answer_429_with_retry_after(client):
    game = new_game(client)
    for _ in range(5):
        errors_of(post_hand(client, game, bolivia_hand(), code="0000" if game["table_code"] != "0000" else "1111"), 403)
    braked = post_hand(client, game, bolivia_hand())
    assert [e["code"] for e in errors_of(braked, 429)] == ["code.wait"]
    assert int(braked.headers["Retry-After"]) == 15 and "15 seconds" in braked.get_json()["errors"][0]["message"]
