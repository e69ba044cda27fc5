"""CSV exports and the backup download of the organiser's records page."""
import csv
import io
import json
import re
import sqlite3

from app.store.club.models import Member
from app.extensions import db
from app.store.game.models import Player
from tests.web.club_support import NAME, PASSWORD, basic, enter_hand, login, open_session, organiser
from tests.web.test_api_games import GAMES_TO_PLAY, new_game, post_hand

OUT, OTHER = GAMES_TO_PLAY["bolivia"][1], GAMES_TO_PLAY["bolivia"][3]


def rows_of(client, name):
    """The header and rows of one CSV export."""
    response = client.get(f"/records/{name}.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    reader = csv.reader(io.StringIO(response.get_data().decode("utf-8")))
    header, *rows = list(reader)
    return header, [dict(zip(header, row)) for row in rows]


def played(app):
    """A logged-in client and one bolivia game with one hand; the hand's API document."""
    organiser(app)
    client = app.test_client()
    login(client)
    game = new_game(client, table="Table 4")
    answer = post_hand(client, game, [OUT, OTHER]).get_json()
    return client, game, answer["hand"]


def test_exports_need_the_organiser(client):
    for address in ("/records/", "/records/games.csv", "/records/backup.json"):
        assert client.get(address).status_code == 302


def test_unknown_export_is_404(app):
    client, _, _ = played(app)
    assert client.get("/records/secrets.csv").status_code == 404


def test_hands_csv_header_and_rows_value_by_value(app):
    client, game, hand = played(app)
    header, rows = rows_of(client, "hands")
    assert header == ["game_id", "ruleset", "house_rules", "hand", "team_position", "team", "sets", "table_points",
                      "hand_points", "red_threes", "red_threes_in_hand", "black_threes_in_hand",
                      "black_threes_melded", "failed_go_outs", "went_out", "concealed", "melded",
                      "bonus", "cards", "score", "progressive_before", "progressive",
                      "next_initial_meld_minimum", "won_game"]
    assert len(rows) == 2
    us, them = rows
    result = hand["result"][0]
    assert us == {"game_id": str(game["id"]), "ruleset": "bolivia", "house_rules": "", "hand": "1", "team_position": "1",
                  "team": "Us", "sets": '{"red_canasta": 1, "red_samba": 1}', "table_points": "400",
                  "hand_points": "0", "red_threes": "2", "red_threes_in_hand": "0",
                  "black_threes_in_hand": "0", "black_threes_melded": "0", "failed_go_outs": "0",
                  "went_out": "yes", "concealed": "no", "melded": "",
                  "bonus": str(result["bonus"]), "cards": str(result["cards"]), "score": "2800",
                  "progressive_before": "0", "progressive": "2800",
                  "next_initial_meld_minimum": str(result["next_initial_meld_minimum"]), "won_game": "no"}
    assert int(us["bonus"]) + int(us["cards"]) == 2800
    assert (them["team"], them["score"], them["black_threes_in_hand"], them["went_out"]) == ("Them", "265", "1", "no")


def test_games_csv_header_and_row(app):
    client, game, _ = played(app)
    header, rows = rows_of(client, "games")
    assert header[:12] == ["game_id", "ruleset", "house_rules", "variations", "target", "table", "session_id",
                           "created_at", "finished_at", "hands", "winner", "winner_name"]
    assert header[12:15] == ["result", "reason", "margin"]
    assert header[15:] == [f"team_{n}_{key}" for n in (1, 2, 3) for key in ("name", "players", "total")]
    row = rows[0]
    assert row["created_at"]
    assert {k: v for k, v in row.items() if k != "created_at"} == {
        "game_id": str(game["id"]), "ruleset": "bolivia", "house_rules": "", "variations": json.dumps(game["variations"], sort_keys=True), "target": str(game["target"]),
        "table": "Table 4", "session_id": "", "finished_at": "", "hands": "1", "winner": "", "winner_name": "",
        "result": "in_play", "reason": "", "margin": "",
        "team_1_name": "Us", "team_1_players": "U0 & U1", "team_1_total": "2800",
        "team_2_name": "Them", "team_2_players": "T0 & T1", "team_2_total": "265",
        "team_3_name": "", "team_3_players": "", "team_3_total": ""}


def test_players_csv_header_and_row(app):
    client, game, _ = played(app)
    with app.app_context():
        ann = Member(name="Ann Ängel, Jr.", short_name="Ann", active=True)
        db.session.add(ann)
        db.session.flush()
        db.session.query(Player).filter(Player.name == "U0").update({"member_id": ann.id})
        db.session.add(Member(name="Bob", active=False))
        db.session.commit()
        ann_id = ann.id
    header, rows = rows_of(client, "players")
    assert header == ["player_id", "name", "short_name", "active", "games"]
    assert rows[0]["games"] == "0"          # a game in play has no result yet: it counts once it has one
    ended = client.post(f"/api/v1/games/{game['id']}/end", headers={"X-Table-Code": game["table_code"]})
    assert ended.status_code == 200
    header, rows = rows_of(client, "players")
    assert rows[0] == {"player_id": str(ann_id), "name": "Ann Ängel, Jr.", "short_name": "Ann",
                       "active": "yes", "games": "1"}
    assert rows[1]["name"] == "Bob" and rows[1]["active"] == "no" and rows[1]["games"] == "0"


def test_backup_download_and_when_it_was_made(app, tmp_path):
    client, game, _ = played(app)
    page = client.get("/records/").get_data(as_text=True)
    assert "Download a backup" in page and "No backup has been made yet." in page
    response = client.post("/records/backup.json")
    assert response.status_code == 200
    document = json.loads(response.get_data())
    assert document["format"] == "treys-backup"
    assert [g["id"] for g in document["games"]] == [game["id"]]
    page = client.get("/records/").get_data(as_text=True)
    assert "Last backup made:" in page and document["made_at"][:10] in page
    assert not (tmp_path / "last_backup.txt").exists() and not list(tmp_path.rglob("last_backup.txt"))


def test_the_backup_is_made_by_the_pages_button_and_its_address_alone_makes_none(app):
    """GET /records/backup.json (a link, a bookmark, a reload) makes no backup and notes none: it shows the
    records page at its button, a form that POSTs with the page's CSRF token."""
    client, _, _ = played(app)
    answer = client.get("/records/backup.json")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/records/#backup")
    page = client.get("/records/").get_data(as_text=True)
    assert "No backup has been made yet." in page
    form = re.search(r'<form method="post" action="/records/backup.json"[^>]*>(.*?)</form>', page, re.S)
    assert form and 'name="csrf_token"' in form.group(1) and "Download a backup</button>" in form.group(1)
    assert client.post("/records/backup.json").status_code == 200
    assert "Last backup made:" in client.get("/records/").get_data(as_text=True)


def test_a_backup_posted_without_the_pages_token_is_refused_and_noted_nowhere(csrf_app):
    organiser(csrf_app)
    client = csrf_app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").get_data(as_text=True)).group(1)
    assert client.post("/login", data={"name": NAME, "password": PASSWORD, "csrf_token": token}).status_code == 302
    for data in ({}, {"csrf_token": "forged"}):
        refused = client.post("/records/backup.json", data=data)
        assert refused.status_code == 400 and "treys-backup" not in refused.get_data(as_text=True)
    page = client.get("/records/").get_data(as_text=True)
    assert "No backup has been made yet." in page
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    made = client.post("/records/backup.json", data={"csrf_token": token})
    assert made.status_code == 200 and made.get_json()["format"] == "treys-backup"
    assert "Last backup made:" in client.get("/records/").get_data(as_text=True)


def test_when_the_last_backup_was_made_is_each_clubs_own(app):
    """A second club on the same Treys that never made a backup is told so, whatever the first club did."""
    client, _, _ = played(app)
    assert app.test_cli_runner().invoke(args=["club", "add", "Hove U3A Canasta", "--owner", "Beryl"],
                                        env={"TREYS_PASSWORD": PASSWORD}).exit_code == 0
    made_at = client.post("/records/backup.json").get_json()["made_at"]
    hove = app.test_client()
    login(hove, "Beryl")
    page = hove.get("/records/").get_data(as_text=True)
    assert "No backup has been made yet." in page and "Last backup made:" not in page
    assert hove.post("/records/backup.json").status_code == 200
    assert "Last backup made:" in hove.get("/records/").get_data(as_text=True)
    first = client.get("/records/").get_data(as_text=True)
    assert "Last backup made:" in first and made_at[:16].replace("T", " at ") in first


def test_sqlite_copy_made_while_the_app_runs(app, tmp_path):
    """On SQLite the organiser can download a copy made with the online backup API."""
    client, game, _ = played(app)
    response = client.get("/records/backup.sqlite3")
    with app.app_context():
        dialect = db.engine.dialect.name
    if dialect != "sqlite":
        assert response.status_code == 404
        return
    assert response.status_code == 200
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(response.get_data())
    with sqlite3.connect(copy) as connection:
        assert connection.execute("SELECT id, table_label FROM game").fetchall() == [(game["id"], "Table 4")]
        assert connection.execute("SELECT COUNT(*) FROM hand_entry").fetchone() == (2,)
    connection.close()


def test_session_results_csv_header_and_rows_match_the_results_of_the_day(app):
    organiser(app)
    client = app.test_client()
    login(client)
    doc = open_session(client).get_json()
    t1, t2, _ = doc["tables"]
    enter_hand(client, t1)
    enter_hand(client, t2, points=(100, 100))
    assert client.post(f"/api/v1/sessions/{doc['id']}/call-time", headers=basic()).status_code == 200
    enter_hand(client, t1, points=(300, 100))
    enter_hand(client, t2, points=(100, 100))
    header, rows = rows_of(client, "session-results")
    assert header == ["session_id", "played_on", "ruleset", "house_rules", "format", "rounds", "place", "player",
                      "games_played", "games_won", "margin"]
    read = client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()
    assert [row["player"] for row in rows] == [line["player"] for line in read["results"]]
    winner = t1["teams"][0][0]
    line = next(row for row in rows if row["player"] == winner)
    assert line == {"session_id": str(doc["id"]), "played_on": read["date"], "ruleset": "bolivia", "house_rules": "",
                    "format": "timed", "rounds": "1", "place": "1", "player": winner,
                    "games_played": "1", "games_won": "1", "margin": "300"}
    drawn = next(row for row in rows if row["player"] == t2["teams"][0][0])
    assert (drawn["games_won"], drawn["margin"]) == ("0.5", "0")
    page = client.get("/records/").get_data(as_text=True)
    assert "/records/session-results.csv" in page and ">Session results</a>" in page
