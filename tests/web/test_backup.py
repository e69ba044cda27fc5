"""Backup and restore: the whole club to one JSON file and back, every hand re-checked."""
import json
from datetime import date

from app.store.backup.document import FORMAT, FORMAT_VERSION
from app.store.club.models import Member, Season
from app.extensions import db
from app.store.game.models import Game
from tests.conftest import dispose_app, make_app
from tests.web.club_support import holding_code, organiser
from tests.web.test_api_games import GAMES, GAMES_TO_PLAY, new_game, post_hand

BOLIVIA_OUT, BOLIVIA_OTHER = GAMES_TO_PLAY["bolivia"][1], GAMES_TO_PLAY["bolivia"][3]


def fill(app):
    """A club with an organiser, players and games of every rule set (one removed, one corrected)."""
    organiser(app)
    client = app.test_client()
    ids = []
    for ruleset_id, (size, out, _, other, _) in GAMES_TO_PLAY.items():
        game = new_game(client, ruleset_id, size, table="Table 2")
        for number in range(2):
            assert post_hand(client, game, [out, other], client_token=f"t{number}").status_code == 201
        ids.append(game["id"])
    removed = new_game(client)
    with app.app_context():   # a gap in the ids, as a removed game leaves
        db.session.delete(db.session.get(Game, removed["id"]))
        db.session.commit()
    corrected = new_game(client)
    version = post_hand(client, corrected, [BOLIVIA_OUT, BOLIVIA_OTHER]).get_json()["game"]["version"]
    response = client.put(f"{GAMES}/{corrected['id']}/hands/1",
                          json={"teams": [BOLIVIA_OTHER, BOLIVIA_OUT], "version": version},
                          headers={"X-Table-Code": corrected["table_code"]})
    assert response.status_code == 200, response.get_data(as_text=True)
    ids.append(corrected["id"])
    ended = new_game(client)
    post_hand(client, ended, [BOLIVIA_OUT, BOLIVIA_OTHER])
    response = client.delete(f"{GAMES}/{ended['id']}/hands/1", headers={"X-Table-Code": ended["table_code"]})
    assert response.status_code == 200, response.get_data(as_text=True)
    post_hand(client, ended, [BOLIVIA_OTHER, BOLIVIA_OUT])
    response = client.post(f"{GAMES}/{ended['id']}/end", json={}, headers={"X-Table-Code": ended["table_code"]})
    assert response.status_code == 200, response.get_data(as_text=True)
    ids.append(ended["id"])
    with app.app_context():
        db.session.add(Member(name="Zoë Ångström", short_name="Zoë", active=False))
        db.session.add(Season(name="2026", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31),
                              qualifying_percent=25))
        db.session.commit()
    return ids


def documents(app, ids):
    """Every game's API document and its record of changes."""
    client = app.test_client()
    return {game_id: (client.get(f"{GAMES}/{game_id}", headers=holding_code(app, game_id)).get_json(),
                      client.get(f"{GAMES}/{game_id}/events", headers=holding_code(app, game_id)).get_json())
            for game_id in ids}


def test_round_trip_gives_identical_game_documents(app, tmp_path):
    """SQLite -> file -> the test database (PostgreSQL when DATABASE_URL is set): same documents."""
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        ids = fill(source)
        before = documents(source, ids)
        file = tmp_path / "club.json"
        result = source.test_cli_runner().invoke(args=["backup", str(file)])
        assert result.exit_code == 0, result.output
        assert "Backup written" in result.output
    finally:
        dispose_app(source)
    document = json.loads(file.read_text(encoding="utf-8"))
    assert (document["format"], document["version"]) == (FORMAT, FORMAT_VERSION)
    assert [m["name"] for m in document["members"]] == ["Zoë Ångström"]
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code == 0, result.output
    assert f"Restored {len(ids)} games" in result.output
    after = documents(app, ids)
    assert after == before
    records = [[event["kind"] for event in record["events"]] for _, record in after.values()]
    assert ["game_opened", "hand_added", "hand_corrected"] in records         # the correction is still on record
    assert ["game_opened", "hand_added", "hand_removed", "hand_added", "game_ended"] in records
    with app.app_context():
        member = db.session.query(Member).one()
        assert (member.name, member.short_name, member.active) == ("Zoë Ångström", "Zoë", False)
        season = db.session.query(Season).one()
        assert (season.name, season.starts_on, season.qualifying_percent) == ("2026", date(2026, 1, 1), 25)
    new = new_game(app.test_client())["id"]                  # drawn at random, never a restored game's id
    assert new not in ids and 2**32 <= new < 2**53


def test_restore_into_a_database_that_is_not_empty_is_refused(app, tmp_path):
    file = tmp_path / "club.json"
    assert app.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    game = new_game(app.test_client())
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code != 0
    assert "only into a new install" in result.output
    assert documents(app, [game["id"]])[game["id"]][0]["hands"] == []


def test_restore_rechecks_every_hand_and_refuses_a_broken_one(app, tmp_path):
    """A hand the engine refuses stops the restore with the game and hand named."""
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        client = source.test_client()
        game = new_game(client)
        post_hand(client, game, [BOLIVIA_OUT, BOLIVIA_OTHER])
        file = tmp_path / "club.json"
        assert source.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    finally:
        dispose_app(source)
    document = json.loads(file.read_text(encoding="utf-8"))
    document["games"][0]["hands"][0]["entries"][1]["went_out"] = True   # both teams out: impossible
    file.write_text(json.dumps(document), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code != 0
    assert f"Game {game['id']}, hand 1" in result.output


def test_restore_refuses_a_file_that_is_not_a_backup(app, tmp_path):
    file = tmp_path / "other.json"
    file.write_text('{"format": "something else"}', encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code != 0 and "not a Treys backup" in result.output
    file.write_text('{"format": "treys-backup", "version": 99}', encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code != 0 and "version 99" in result.output
    file.write_bytes(b"\xff\xfe not json")
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code != 0 and "not a Treys backup" in result.output
