"""A game counts for its players as its one outcome says: one with a result counts, one abandoned or deleted
counts for nobody (players.csv, the club's players' page, each player's page), and a deleted game of a session
leaves the session's tables (board.json and GET /api/v1/sessions/<id>) while an abandoned one shows no result.

Run on SQLite and on PostgreSQL (DATABASE_URL) alike.
"""
import csv
import io
import re

import pytest

from tests.web.club_support import basic, enter_hand, login, open_session, organiser
from tests.web.pages_support import text
from tests.web.test_outcome_lists import game_line

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def session_with_one_table(client) -> tuple[dict, int]:
    """A session of four players at one table, playing one hand (the higher total wins after it)."""
    answer = open_session(client, list(PLAYERS), format={"kind": "hands", "hands": 1})
    assert answer.status_code == 201, answer.get_json()
    doc = answer.get_json()
    assert len(doc["tables"]) == 1
    return doc["tables"][0], doc["id"]


def won(client, table):
    assert enter_hand(client, table, (300, 100)).status_code == 201


def abandoned_mid_game(client, table):
    """Abandoned before its one hand: no result."""
    answer = client.post(f"/api/v1/games/{table['game_id']}/abandon",
                         headers={"X-Table-Code": table["table_code"], **basic()})
    assert answer.status_code == 200, answer.get_json()


def deleted(client, table):
    """Started by mistake: deleted before any hand."""
    answer = client.delete(f"/api/v1/games/{table['game_id']}",
                           headers={"X-Table-Code": table["table_code"], **basic()})
    assert answer.status_code == 200, answer.get_json()


def players_csv(client) -> dict[str, dict]:
    answer = client.get("/records/players.csv")
    assert answer.status_code == 200
    return {row["name"]: row for row in csv.DictReader(io.StringIO(answer.get_data(as_text=True)))}


def roster_counts(client) -> dict[str, int]:
    """Each player's games as the club's players' page says them ('Ann 1 game')."""
    page = text(client.get("/records/players"))
    return {name: int(re.search(rf">{name}</a>\s*<span class=\"roster-games\">(\d+) games?<", page).group(1))
            for name in PLAYERS}


def session_tables(client, session_id: int) -> list[dict]:
    """The session's tables, as the API's session document and the board's JSON give them (the same)."""
    read = client.get(f"/api/v1/sessions/{session_id}", headers=basic())
    assert read.status_code == 200
    board = client.get(f"/club/sessions/{session_id}/board.json")
    assert board.status_code == 200
    api_tables, board_tables = read.get_json()["tables"], board.get_json()["tables"]
    assert [t["game_id"] for t in api_tables] == [t["game_id"] for t in board_tables]
    for api_table, board_table in zip(api_tables, board_tables):
        assert (api_table["outcome"], api_table["status"]) == (board_table["outcome"], board_table["status"])
    return board_tables


def shown_teams(client, session_id: int) -> list[list[str]]:
    """The players of the session's one table, team by team (the draw seats them at random)."""
    read = client.get(f"/api/v1/sessions/{session_id}", headers=basic()).get_json()
    return read["tables"][0]["teams"]


CASES = {"won": (won, 1), "abandoned": (abandoned_mid_game, 0), "deleted": (deleted, 0)}


@pytest.mark.parametrize("case", list(CASES))
def test_a_game_counts_for_its_players_as_its_outcome_says(app, client, case):
    organiser(app)
    login(client)
    table, session_id = session_with_one_table(client)
    play, counted = CASES[case]
    play(client, table)
    game_id = table["game_id"]

    rows = players_csv(client)
    assert {name: rows[name]["games"] for name in PLAYERS} == {name: str(counted) for name in PLAYERS}
    assert roster_counts(client) == {name: counted for name in PLAYERS}

    member_id = rows["Ann"]["player_id"]
    page = text(client.get(f"/records/players/{member_id}"))
    if counted:
        assert re.search(r"Games played</th><td>1<", page)
    else:
        assert "No finished games yet." in page
    line = game_line(page, game_id)
    if case == "deleted":
        assert line is None and f"/games/{game_id}\"" not in page
    else:
        ann_won = "Ann" in shown_teams(client, session_id)[0]
        assert line == (("won by 200" if ann_won else "lost by 200") if case == "won" else "no result")

    shown = session_tables(client, session_id)
    if case == "deleted":
        assert shown == []
        return
    (line,) = shown
    assert line["game_id"] == game_id and line["over"] is True
    if case == "won":
        assert (line["status"], line["winner"], line["no_result"]) == (f"Won by {line['team_names'][0]}",
                                                                         line["team_names"][0], False)
    else:
        assert (line["status"], line["winner"], line["draw"], line["no_result"]) == ("Ended: no result", None,
                                                                                    False, True)
        assert line["outcome"]["state"] == "no_result"


def test_an_abandoned_game_with_hands_counts_for_nobody(app, client):
    """A game abandoned after hands were played (a timed session: no hand ends it) still counts for nobody."""
    organiser(app)
    login(client)
    doc = open_session(client, list(PLAYERS)).get_json()
    table = doc["tables"][0]
    assert enter_hand(client, table, (300, 100)).status_code == 201
    assert enter_hand(client, table, (300, 100)).status_code == 201
    answer = client.post(f"/api/v1/games/{table['game_id']}/abandon",
                         headers={"X-Table-Code": table["table_code"], **basic()})
    assert answer.status_code == 200, answer.get_json()
    assert {name: row["games"] for name, row in players_csv(client).items() if name in PLAYERS} == dict.fromkeys(
        PLAYERS, "0")
    assert roster_counts(client) == dict.fromkeys(PLAYERS, 0)
    (line,) = session_tables(client, doc["id"])
    assert (line["over"], line["no_result"], line["status"]) == (True, True, "Ended: no result")
