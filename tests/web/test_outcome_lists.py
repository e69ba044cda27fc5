"""Every list of games tells each game as its one outcome says, whatever the row's finished mark: the API's list
of games, the home page and the player's page agree with the session's tables; a session's table deleted
unplayed by the next round's draw leaves the player's page and the members' afternoon.

Run on SQLite and on PostgreSQL (DATABASE_URL) alike.
"""
import re
from datetime import datetime

from app.extensions import db
from app.store.game.models import Game
from tests.web.club_support import PLAYERS, basic, enter_hand, login, open_session, organiser
from tests.web.members_support import members_link
from tests.web.pages_support import text


def two_tables(client) -> tuple[dict, list[dict]]:
    """A session of eight players at two tables, each playing one hand (the higher total wins after it)."""
    answer = open_session(client, PLAYERS[:8], format={"kind": "hands", "hands": 1})
    assert answer.status_code == 201, answer.get_json()
    doc = answer.get_json()
    assert len(doc["tables"]) == 2
    return doc, doc["tables"]


def mark_finished(app, game_id: int, when: datetime | None) -> None:
    """Write the row's finished mark behind the store's back (a row restored or mended by hand)."""
    with app.app_context():
        db.session.get(Game, game_id).finished_at = when
        db.session.commit()


def listed_over(client) -> dict[int, bool]:
    """Whether each game is over, as GET /api/v1/games says."""
    answer = client.get("/api/v1/games?limit=100", headers=basic())
    assert answer.status_code == 200
    return {game["id"]: game["game_over"] for game in answer.get_json()["games"]}


def table_over(client, session_id: int) -> dict[int, bool]:
    """Whether each table's game is over, as the session's tables (GET /api/v1/sessions/<id>) say."""
    tables = client.get(f"/api/v1/sessions/{session_id}", headers=basic()).get_json()["tables"]
    return {table["game_id"]: table["over"] for table in tables}


def home_sections(client) -> tuple[str, str]:
    """The home page's two lists: games in progress, finished games."""
    page = text(client.get("/"))
    playing, finished = page.split('id="finished"', 1)
    return playing, finished


def game_line(page: str, game_id: int) -> str | None:
    """What a player's page says of a game in its list of every game (None: not listed)."""
    found = re.search(rf'href="/games/{game_id}">.*?class="col-result"><b>([^<]*)</b>', page, re.S)
    return found and found.group(1).strip()


def recent_line(client, member_id: str, game_id: int) -> str | None:
    """What the player's page says of a game among those listed (None: not listed)."""
    return game_line(text(client.get(f"/records/players/{member_id}")), game_id)


def member_ids(client) -> dict[str, str]:
    rows = client.get("/records/players.csv").get_data(as_text=True).splitlines()
    header = rows[0].split(",")
    name, player_id = header.index("name"), header.index("player_id")
    return {row.split(",")[name]: row.split(",")[player_id] for row in rows[1:]}


def test_every_list_tells_a_game_as_its_outcome_says_not_by_its_finished_mark(app, client):
    organiser(app)
    login(client)
    doc, (won, playing) = two_tables(client)
    assert enter_hand(client, won, (300, 100)).status_code == 201
    mark_finished(app, won["game_id"], None)                       # won, yet not marked finished
    mark_finished(app, playing["game_id"], datetime(2025, 1, 1))   # in play, yet marked finished

    expected = {won["game_id"]: True, playing["game_id"]: False}
    assert table_over(client, doc["id"]) == expected
    assert {game_id: over for game_id, over in listed_over(client).items() if game_id in expected} == expected
    in_progress, finished = home_sections(client)
    assert f"/games/{won['game_id']}\"" in finished and f"/games/{won['game_id']}\"" not in in_progress
    assert f"/games/{playing['game_id']}\"" in in_progress and f"/games/{playing['game_id']}\"" not in finished

    ids = member_ids(client)
    winner = won["teams"][0][0]
    assert recent_line(client, ids[winner], won["game_id"]) == "won by 200"
    waiting = playing["teams"][0][0]
    assert recent_line(client, ids[waiting], playing["game_id"]) == "not finished"


def test_a_table_deleted_unplayed_by_the_next_round_leaves_the_players_page(app, client):
    organiser(app)
    login(client)
    doc, (played, unplayed) = two_tables(client)
    assert enter_hand(client, played, (300, 100)).status_code == 201
    drawn = client.post(f"/club/sessions/{doc['id']}/draw", data={"keep": "1", "confirmed": "1"})
    assert drawn.status_code == 302
    assert client.get(f"/api/v1/games/{unplayed['game_id']}").status_code == 404     # no hand: deleted

    ids = member_ids(client)
    for name in [player for team in unplayed["teams"] for player in team]:
        assert recent_line(client, ids[name], unplayed["game_id"]) is None
        assert recent_line(client, ids[name], played["game_id"]) is None
    assert unplayed["game_id"] not in listed_over(client)


def test_a_table_deleted_by_the_next_rounds_draw_leaves_the_members_afternoon(app, client):
    """The members' page of an afternoon shows the score sheet of every game its outcome lists, and not the table
    the next round's draw deleted unplayed."""
    organiser(app)
    login(client)
    doc, (played, unplayed) = two_tables(client)
    assert enter_hand(client, played, (300, 100)).status_code == 201
    assert client.post(f"/club/sessions/{doc['id']}/draw", data={"keep": "1", "confirmed": "1"}).status_code == 302
    assert client.post("/club/settings", data={"visibility": "link"}).status_code == 302
    page = client.get(f"/members/{members_link(app)}/afternoons/{doc['id']}").get_data(as_text=True)
    round_two = client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()["tables"]
    assert unplayed["game_id"] not in [table["game_id"] for table in round_two]
    # the played table of round 1 and the tables round 2 drew, and no sheet for the table deleted unplayed
    assert page.count("<summary>") == 1 + len(round_two)
