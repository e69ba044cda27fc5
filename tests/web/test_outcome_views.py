"""Every view of a game tells the engine's one outcome, for every way a game ends.

Each case plays a game through the API (alone or in a club session), reads the outcome from the game's
API document, then walks the game page, the home page card, the sheet PDF, games.csv, hands.csv and,
for session games, the board, the session document and the results of the day, and the season ladder,
asserting that each says the same thing.
"""
import csv
import io
from datetime import date
from io import BytesIO

import pytest
from pypdf import PdfReader

from tests.web.club_support import basic, enter_hand, login, open_session, organiser
from tests.web.pages_support import text

GAMES = "/api/v1/games"


def new_game(client, ruleset="bolivia", names=("Jets", "Sharks"), players=2, target=None):
    body = {"ruleset": ruleset, "teams": [{"name": n, "players": [f"{n} {i}" for i in range(players)]}
                                          for n in names]}
    if target:
        body["target"] = target
    answer = client.post(GAMES, json=body)
    assert answer.status_code == 201, answer.get_json()
    doc = answer.get_json()
    return {"game_id": doc["id"], "table_code": doc["table_code"]}


def post(client, table, teams):
    answer = client.post(f"{GAMES}/{table['game_id']}/hands", json={"teams": teams},
                         headers={"X-Table-Code": table["table_code"]})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def close(client, table, action):
    answer = client.post(f"{GAMES}/{table['game_id']}/{action}", headers={"X-Table-Code": table["table_code"]})
    assert answer.status_code == 200, answer.get_json()


# --- the cases: each returns (table, session id or None) -------------------------------------------------

def won_by_target(client):
    table = new_game(client, target=500)
    post(client, table, [{"table_points": 300}, {"table_points": 100}])
    post(client, table, [{"table_points": 300}, {"table_points": 100}])
    return table, None


def bolivia_plus_won_from_behind(client):
    table = new_game(client, "bolivia_plus", players=3, target=1000)
    post(client, table, [
        {"sets": {"sequence": 1, "natural_canasta": 1, "mixed_canasta": 1}, "red_threes": 4, "table_points": 600,
         "went_out": True},
        {"sets": {"wild_canasta": 1, "sequence": 1}, "table_points": 700}])
    return table, None


def ended_early(client):
    table = new_game(client)
    post(client, table, [{"table_points": 100}, {"table_points": 400}])
    close(client, table, "end")
    return table, None


def ended_early_equal(client):
    table = new_game(client)
    post(client, table, [{"table_points": 250}, {"table_points": 250}])
    close(client, table, "end")
    return table, None


def ended_before_any_hand(client):
    table = new_game(client)
    close(client, table, "end")
    return table, None


def abandoned(client):
    table = new_game(client)
    post(client, table, [{"table_points": 100}, {"table_points": 400}])
    close(client, table, "abandon")
    return table, None


def in_play(client):
    table = new_game(client)
    post(client, table, [{"table_points": 100}, {"table_points": 400}])
    return table, None


def session_after_hand_n(client):
    doc = open_session(client, ["Ann", "Bob", "Cy", "Di"], format={"kind": "hands", "hands": 2}).get_json()
    table = doc["tables"][0]
    enter_hand(client, table, (300, 100))
    enter_hand(client, table, (100, 100))
    return table, doc["id"]


def session_time_called_then_hand_in_play(client):
    doc = open_session(client, ["Ann", "Bob", "Cy", "Di"]).get_json()
    table = doc["tables"][0]
    enter_hand(client, table, (100, 300))
    assert client.post(f"/api/v1/sessions/{doc['id']}/call-time", headers=basic()).status_code == 200
    enter_hand(client, table, (100, 400))
    return table, doc["id"]


def session_time_called_before_any_hand_owes_hand_1(client):
    doc = open_session(client, ["Ann", "Bob", "Cy", "Di"]).get_json()
    table = doc["tables"][0]
    assert client.post(f"/api/v1/sessions/{doc['id']}/call-time", headers=basic()).status_code == 200
    return table, doc["id"]


def session_time_called_then_hand_1(client):
    table, session_id = session_time_called_before_any_hand_owes_hand_1(client)
    enter_hand(client, table, (500, 100))
    return table, session_id


def session_three_alone_draw_at_the_top(client):
    doc = open_session(client, ["Ann", "Bob", "Cy"], ruleset="sambola", format={"kind": "hands", "hands": 1}).get_json()
    table = doc["tables"][0]
    assert len(table["teams"]) == 3
    teams = [{"table_points": p} for p in (100, 300, 300)]
    assert client.post(f"{GAMES}/{table['game_id']}/hands", json={"teams": teams},
                       headers={"X-Table-Code": table["table_code"]}).status_code == 201
    return table, doc["id"]


CASES = [won_by_target, bolivia_plus_won_from_behind, ended_early, ended_early_equal, ended_before_any_hand,
         abandoned, in_play, session_after_hand_n, session_time_called_then_hand_in_play,
         session_time_called_before_any_hand_owes_hand_1, session_time_called_then_hand_1,
         session_three_alone_draw_at_the_top]

EXPECTED = {
    "won_by_target": ("won", [0], "target"),
    "bolivia_plus_won_from_behind": ("won", [0], "target"),
    "ended_early": ("won", [1], "ended_early"),
    "ended_early_equal": ("drawn", [0, 1], "ended_early"),
    "ended_before_any_hand": ("no_result", [], "ended_early"),
    "abandoned": ("no_result", [], "abandoned"),
    "in_play": ("in_play", [], None),
    "session_after_hand_n": ("won", [0], "hands"),
    "session_time_called_then_hand_in_play": ("won", [1], "time"),
    "session_time_called_before_any_hand_owes_hand_1": ("in_play", [], None),
    "session_time_called_then_hand_1": ("won", [0], "time"),
    "session_three_alone_draw_at_the_top": ("drawn", [1, 2], "hands"),
}


def csv_rows(client, name):
    answer = client.get(f"/records/{name}.csv")
    assert answer.status_code == 200
    return list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))


def pdf_text(client, game_id):
    answer = client.get(f"/games/{game_id}/sheet.pdf")
    assert answer.status_code == 200
    return " ".join(page.extract_text() for page in PdfReader(BytesIO(answer.data)).pages)


@pytest.mark.parametrize("case", CASES, ids=[c.__name__ for c in CASES])
def test_every_view_tells_the_same_outcome(app, client, case):
    organiser(app)
    login(client)
    table, session_id = case(client)
    game_id = table["game_id"]
    doc = client.get(f"{GAMES}/{game_id}").get_json()
    outcome, names = doc["outcome"], [team["name"] for team in doc["teams"]]
    state, winners = outcome["state"], outcome["winners"]
    assert (state, winners, outcome["reason"]) == EXPECTED[case.__name__]

    # the API document agrees with itself
    assert doc["game_over"] == (state != "in_play")
    assert doc["winner"] == (winners[0] if state == "won" else None)
    assert doc["draw"] == (state == "drawn")
    assert outcome["margin"] is None or outcome["margin"] >= 0
    winner = names[winners[0]] if state == "won" else None

    # the game page
    page = text(client.get(f"/games/{game_id}"))
    behind = [name for i, name in enumerate(names) if i not in winners]
    drawn = "A draw." if not behind else f"{' and '.join(names[i] for i in winners)} drew; {' and '.join(behind)} lost."
    said = {"won": f"{winner} won!", "drawn": drawn, "no_result": "No result."}
    for other_state, words in said.items():
        assert (words in page) == (other_state == state), (other_state, page[:400])
    if outcome["owes_hand"]:
        assert "Time has been called: this is the last hand." in page

    # the home page card
    home = text(client.get("/"))
    card = {"won": f"Winner: {winner}", "drawn": "Draw", "no_result": "No result"}.get(state)
    if card:
        assert card in home

    # the hand form opens only while the game runs
    client.post(f"/games/{game_id}/code", data={"code": table["table_code"], "next": f"/games/{game_id}"})
    form = client.get(f"/games/{game_id}/hands/new")
    if state == "in_play":
        assert form.status_code == 200 and "Save" in text(form)
    else:
        assert form.status_code == 302 and f"/games/{game_id}" in form.headers["Location"]

    # the sheet PDF
    sheet = pdf_text(client, game_id)
    banner = {"won": f"Winner: {winner}", "drawn": "Final – a draw", "no_result": "Final – no result",
              "in_play": "IN PROGRESS"}[state]
    assert banner in sheet

    # games.csv and hands.csv
    row = next(r for r in csv_rows(client, "games") if r["game_id"] == str(game_id))
    assert (row["result"], row["winner_name"] or None) == (state, winner)
    won_rows = {(r["hand"], r["team_position"]) for r in csv_rows(client, "hands")
                if r["game_id"] == str(game_id) and r["won_game"] == "yes"}
    hands = len(doc["hands"])
    assert won_rows == ({(str(hands), str(winners[0] + 1))} if state == "won" else set())

    if session_id is None:
        return
    # the board and the session document
    board = client.get(f"/club/sessions/{session_id}/board.json").get_json()
    line = next(t for t in board["tables"] if t["game_id"] == game_id)
    assert line["outcome"] == outcome
    assert line["owes_last_hand"] == outcome["owes_hand"]
    read = client.get(f"/api/v1/sessions/{session_id}", headers=basic()).get_json()
    assert next(t for t in read["tables"] if t["game_id"] == game_id)["outcome"] == outcome

    # the results of the day: winners 1, a draw half to those at the top, nothing for a game without a result
    results = {r["player"]: r for r in read["results"]}
    for index, players in enumerate(line["teams"]):
        for player in players:
            expected = (1 if index in winners else 0) if state == "won" else (
                0.5 if index in winners else 0) if state == "drawn" else 0
            assert results[player]["won"] == expected
            assert results[player]["played"] == (1 if state in ("won", "drawn") else 0)


def test_the_ladder_counts_only_games_with_a_result(app, client):
    organiser(app)
    login(client)
    for case in (won_by_target, abandoned, ended_before_any_hand, in_play):
        case(client)
    today = date.today().isoformat()
    made = client.post("/records/seasons", data={"name": "Autumn", "starts_on": today, "ends_on": today,
                                                 "qualifying_percent": "30"}, follow_redirects=True)
    assert made.status_code == 200
    ladder = text(made)
    assert "Jets 0" in ladder and "Sharks 0" in ladder      # the one decided game's four players
    with app.app_context():
        from app.store.club.standings import all_seasons, standings
        rows = standings(all_seasons()[0])
    assert sorted((row.player, row.games, row.won) for row in rows) == [
        ("Jets 0", 1, 1), ("Jets 1", 1, 1), ("Sharks 0", 1, 0), ("Sharks 1", 1, 0)]
