"""A game's and a session's link cannot be found by counting: their ids are random, below 2**53, and every id a
route is given, however large, answers 404 when no row has it, never 500."""
import pytest

from app.store.base.ids import FIRST_PUBLIC_ID, PUBLIC_ID_LIMIT, public_id
from tests.web.club_support import PLAYERS, basic, login, open_session, organiser, public_club
from tests.web.test_api_games import new_game


def is_public(number: int) -> bool:
    """An id drawn from [2**32, 2**53): above every counted id, exact in JavaScript."""
    return FIRST_PUBLIC_ID <= number < PUBLIC_ID_LIMIT


def test_public_ids_are_drawn_at_random_from_two_to_the_32_up_to_two_to_the_53():
    drawn = [public_id() for _ in range(1000)]
    assert all(is_public(number) for number in drawn)
    assert len(set(drawn)) == 1000
    assert max(drawn) - min(drawn) > 2**50          # spread over the whole range, not counted from a start


def test_two_new_games_have_public_ids_that_are_not_one_after_the_other(client):
    first, second = new_game(client)["id"], new_game(client)["id"]
    assert is_public(first) and is_public(second)
    assert abs(second - first) != 1 and first != second
    assert client.get(f"/games/{first}").status_code == 200
    assert client.get(f"/games/{first + 1}").status_code == 404      # the next number is nobody's game


def test_two_new_sessions_and_their_tables_have_public_ids(app, client):
    organiser(app)
    opened = [open_session(client, PLAYERS[:8]).get_json() for _ in range(2)]
    ids = [doc["id"] for doc in opened]
    games = [table["game_id"] for doc in opened for table in doc["tables"]]
    assert all(is_public(number) for number in ids + games)
    assert abs(ids[1] - ids[0]) != 1
    assert len(set(games)) == 4 and all(abs(b - a) != 1 for a, b in zip(sorted(games), sorted(games)[1:]))


@pytest.mark.parametrize("number", [2**63 - 1, 2**63, 2**64, 10**30])
def test_an_id_beyond_any_row_answers_404_on_every_kind_of_route(app, client, number):
    organiser(app)
    game = new_game(client)["id"]
    session = open_session(client, PLAYERS[:4]).get_json()["id"]
    for url in (f"/games/{number}", f"/games/{number}/sheet.pdf", f"/games/{number}/hands/new",
                f"/api/v1/games/{number}", f"/api/v1/games/{number}/events", f"/games/{game}/hands/{number}/edit"):
        assert client.get(url).status_code == 404, url
    assert client.put(f"/api/v1/games/{game}/hands/{number}", json={"teams": []}).status_code == 404
    assert client.get(f"/api/v1/sessions/{number}", headers=basic()).status_code == 404
    assert client.get(f"/api/v1/players/{number}", headers=basic()).status_code == 404
    assert client.post(f"/api/v1/sessions/{session}/calls/{number}/clear", headers=basic()).status_code == 404
    login(client)
    for url in (f"/club/sessions/{number}", f"/club/sessions/{number}/board.json", f"/club/sessions/{number}/cards.pdf",
                f"/players/{number}"):
        assert client.get(url).status_code == 404, url


def test_the_answer_to_post_games_carries_the_games_link(client):
    document = new_game(client)
    assert document["url"] == f"http://localhost/games/{document['id']}"
    assert client.get(document["url"]).status_code == 200


def test_each_table_of_a_new_session_carries_its_games_link_that_opens_the_game(app, client):
    organiser(app)
    public_club(app)                    # anyone opens the link at a public club (test_games_kept: who reads)
    response = open_session(client, PLAYERS[:8])
    assert response.status_code == 201
    tables = response.get_json()["tables"]
    assert [t["url"] for t in tables] == [f"http://localhost/games/{t['game_id']}" for t in tables]
    assert all(client.get(t["url"]).status_code == 200 for t in tables)


def test_the_links_start_with_public_url_when_the_club_set_one(app, client):
    app.config["PUBLIC_URL"] = "https://cards.example.org/club"
    organiser(app)
    tables = open_session(client, PLAYERS[:4]).get_json()["tables"]
    assert tables[0]["url"] == f"https://cards.example.org/club/games/{tables[0]['game_id']}"
    assert new_game(client)["url"].startswith("https://cards.example.org/club/games/")
