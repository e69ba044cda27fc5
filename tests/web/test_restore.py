"""Restore across versions: a backup of every earlier release restores into a fresh install with its first
account and reads as the release read it; a damaged file changes nothing, whatever row is damaged."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.store.backup import restore as restoring
from app.store.club.models import Attendance, ClubSession, Member, Season
from app.store.people.models import Organiser
from app.store.game.models import Game, GameEvent, Hand, HandEntry, Player, Team
from tests.migrations.figures import everything
from tests.migrations.test_fixtures import as_read, expected, who_is_on
from tests.web.club_support import login, organiser

BACKUPS = Path(__file__).resolve().parents[1] / "backups"
#: What the club release read from the database these backups were made of (tests/migrations/fixtures), with
#: the changes today's rules make to its endings, ladder and records (tests/migrations/test_fixtures.py).
READ = expected("b2_hardening")


def ruled(read: dict, like: dict) -> dict:
    """The figures with the ladder and records reduced to who is on them (today's rules count them), and the
    spreadsheets' rows with only the columns `like` has (later releases add columns)."""
    return {**read, "club": who_is_on(read["club"]), "exports": as_read(read["exports"], like["exports"])}
MODELS = (Organiser, Member, Season, ClubSession, Attendance, Game, Team, Player, Hand, HandEntry, GameEvent)


def restore_file(app, path: Path, *extra: str):
    """`flask restore --yes FILE`."""
    return app.test_cli_runner().invoke(args=["restore", "--yes", *extra, str(path)])


def without_ids_and_hand_times(read: dict, closing: bool = True) -> dict:
    """What a format 1 backup can carry: seats and club players by name, no hand times; the club release's
    backup (8be520c) did not keep how a table closed its games (closed)."""
    read = copy.deepcopy(read)
    names = {m["id"]: m["name"] for m in read["club"]["members"]}
    for game in read["games"]:
        for team in game["teams"]:
            for player in team["players"]:
                player["member"] = names.get(player.pop("member_id"))
                del player["id"]
        for hand in game["hands"]:
            del hand["created_at"], hand["updated_at"]
        if not closing:
            del game["closed"], game["game_over"]
    for member in read["club"]["members"]:
        del member["id"]
    read["club"]["records"] = {names[int(k)]: v for k, v in read["club"]["records"].items()}
    return read


@pytest.mark.parametrize("name, exact, closing", [("format2.json", True, True),
                                                  ("format1-with-record-5df2bcb.json", False, True),
                                                  ("club-release-8be520c.json", False, False)])
def test_a_backup_of_every_release_restores_into_a_fresh_install_with_its_first_account(app, name, exact, closing):
    organiser(app, "Joan", "joans-own-password")
    result = restore_file(app, BACKUPS / name)
    assert result.exit_code == 0, result.output
    assert "Restored 18 games with 65 hands, 9 players on the club's list, 3 sessions and 1 season from" in result.output
    assert "Accounts added from the backup: Margaret, Tom." in result.output
    assert "Accounts kept as they were: Joan." in result.output
    with app.app_context():
        found = everything()
        assert db.session.get(Organiser, 1).check_password("joans-own-password")
    assert found["club"]["organisers"] == ["Joan", "Margaret", "Tom"]
    found["club"]["organisers"] = READ["club"]["organisers"]
    if exact:
        assert ruled(found, READ) == ruled(READ, READ)
    else:
        assert (ruled(without_ids_and_hand_times(found, closing), READ)
                == ruled(without_ids_and_hand_times(READ, closing), READ))
        assert "This backup was made by an earlier Treys (format 1)" in result.output
        assert ("does not say which games a table ended" in result.output) is not closing


def test_a_restored_club_reads_as_it_did_player_pages_and_hand_times(app):
    """Format 2 keeps the players' ids (a merge left a gap: Ann is 2) and every hand's time."""
    organiser(app)
    assert restore_file(app, BACKUPS / "format2.json").exit_code == 0
    ann = next(m for m in READ["club"]["members"] if m["name"] == "Ann Baker")
    assert ann["id"] == 2
    client = app.test_client()
    login(client)
    page = client.get(f"/records/players/{ann['id']}")
    assert page.status_code == 200 and "Ann Baker" in page.get_data(as_text=True)
    with app.app_context():
        first = db.session.scalar(select(Hand).order_by(Hand.id))
        assert first.created_at.isoformat() == READ["games"][0]["hands"][0]["created_at"]
        highest = {m: db.session.scalar(select(func.max(m.id))) for m in (Member, ClubSession, Season, Player)}
        later = [Member(name="Newcomer"), Season(name="Autumn", starts_on=first.created_at.date(),
                                                 ends_on=first.created_at.date(), qualifying_percent=30)]
        db.session.add_all(later)
        db.session.commit()                      # PostgreSQL: the id sequences start after the restored ids
        assert later[0].id > highest[Member] and later[1].id > highest[Season]


def test_every_restored_game_has_its_result_stored_as_the_engine_replays_it(app):
    """The backup holds no results: the restore stores each game's, with its version, as the game's writes do."""
    from app.store.game.cache import forget_everything
    from app.store.game.ending import last_hand_of
    from app.store.game.games import get_game
    from app.store.game.results import GameTally, stored_tally
    from app.store.game.states import state_of
    organiser(app)
    assert restore_file(app, BACKUPS / "format2.json").exit_code == 0
    with app.app_context():
        forget_everything(app)
        ids = list(db.session.scalars(select(Game.id)))
        assert len(ids) == 18
        for game_id in ids:
            game = get_game(game_id)
            assert stored_tally(game.result, game.version, last_hand_of(game)) == GameTally.of(state_of(game))
        decided = [get_game(game_id).result["state"] for game_id in ids]
        assert decided.count("won") >= 10, decided


def test_a_backup_account_with_the_name_of_one_here_is_not_taken(app):
    organiser(app, "Margaret", "the-new-laptop-password")
    result = restore_file(app, BACKUPS / "format2.json")
    assert result.exit_code == 0, result.output
    assert "not taken (the one here keeps its password): Margaret." in result.output
    with app.app_context():
        assert db.session.scalars(select(Organiser.name).order_by(Organiser.id)).all() == ["Margaret", "Tom"]
        assert db.session.get(Organiser, 1).check_password("the-new-laptop-password")


def test_the_restore_asks_first_and_says_what_happens_to_the_accounts(app):
    organiser(app, "Joan", "joans-own-password")
    result = app.test_cli_runner().invoke(args=["restore", str(BACKUPS / "format2.json")], input="n\n")
    assert result.exit_code != 0 and "Nothing was restored." in result.output
    assert "18 games with 65 hands, 9 players on the club's list, 3 sessions and 1 season;" in result.output
    assert "Accounts here stay as they are, with their passwords: Joan." in result.output
    assert "Restore it?" in result.output
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0


def snapshot(app) -> dict:
    """Every table's rows, as a comparable picture of the database."""
    with app.app_context():
        db.session.expire_all()
        return {model.__tablename__: [tuple(row) for row in db.session.execute(
            select(*model.__table__.c).order_by(model.__table__.c.id))] for model in MODELS}


def at(document: dict, *path):
    """The part of the document at path."""
    for key in path:
        document = document[key]
    return document


def put(path: tuple, value):
    """A damage: set the value at path."""
    def damage(document):
        at(document, *path[:-1])[path[-1]] = value
    return damage


def drop(path: tuple):
    """A damage: remove the key or item at path."""
    def damage(document):
        del at(document, *path[:-1])[path[-1]]
    return damage


FORMAT2 = json.loads((BACKUPS / "format2.json").read_text(encoding="utf-8"))
LAST = len(FORMAT2["games"]) - 1
SESSION_GAME = next(i for i, g in enumerate(FORMAT2["games"]) if g["session_id"])
SEATED = next(i for i, g in enumerate(FORMAT2["games"]) if g["teams"][0]["players"][0]["member_id"])
DAMAGES = {
    "account without a password": (drop(("organisers", 1, "password_hash")), "organisers > 2nd > password_hash"),
    "player id 2^40": (put(("members", 0, "id"), 2**40), "members > 1st > id"),
    "player id -5": (put(("members", 3, "id"), -5), "members > 4th > id"),
    "player active as 1": (put(("members", 0, "active"), 1), "members > 1st > active"),
    "player id twice": (put(("members", 1, "id"), FORMAT2["members"][0]["id"]), "player id"),
    "season at 150 %": (put(("seasons", 0, "qualifying_percent"), 150), "seasons > 1st > qualifying_percent"),
    "session date not a date": (put(("sessions", 0, "played_on"), "last Tuesday"), "sessions > 1st > played_on"),
    "attendee pointing nowhere": (put(("sessions", 2, "attendees", 0, "member_id"), 999),
                                  "lists player 999 as here, but the backup has no such player"),
    "session id twice": (put(("sessions", 1, "id"), FORMAT2["sessions"][0]["id"]), "session id"),
    "game whose session is missing": (put(("games", SESSION_GAME, "session_id"), 77), "session 77, which the backup"),
    "game id 2^63": (put(("games", 0, "id"), 2**63), "games > 1st > id"),
    "game id -5": (put(("games", LAST, "id"), -5), "id"),
    "seat of a missing player": (put(("games", SEATED, "teams", 0, "players", 0, "member_id"), 999),
                                 "seats player 999, but the backup has no such player"),
    "seat without a name": (drop(("games", LAST, "teams", 1, "players", 0, "name")), "name"),
    "hand missing a team": (drop(("games", LAST - 1, "hands", 0, "entries", 1)), "gives figures for 1 of the game's 2 teams"),
    "hand figure as text": (put(("games", 4, "hands", 2, "entries", 0, "table_points"), "500"), "table_points"),
    "hand time not a time": (put(("games", 2, "hands", 0, "created_at"), "soon"), "created_at"),
    "hand both teams out": (put(("games", LAST - 2, "hands", 0, "entries", 1, "went_out"), True), "hand 1:"),
    "hand token twice": (put(("games", 0, "hands", 1, "client_token"), FORMAT2["games"][0]["hands"][0]["client_token"]),
                         "hand token"),
    "record line with a negative number": (put(("games", 0, "events", 0, "seq"), -1), "events > 1st > seq"),
    "game closed as 'maybe'": (put(("games", 1, "closed"), "maybe"), "closed"),
    "unknown rule set": (put(("games", 3, "ruleset"), "poker"), "Game"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_backup_changes_nothing_whatever_row_is_damaged(app, tmp_path, damage):
    organiser(app, "Joan", "joans-own-password")
    before = snapshot(app)
    document = copy.deepcopy(FORMAT2)
    change, said = DAMAGES[damage]
    change(document)
    file = tmp_path / "damaged.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    result = restore_file(app, file)
    assert result.exit_code == 1, result.output
    assert "Nothing was restored." in result.output and said in result.output, result.output
    assert "Traceback" not in result.output
    assert snapshot(app) == before


def test_a_format_1_attendee_pointing_nowhere_is_refused_whole(app, tmp_path):
    document = json.loads((BACKUPS / "club-release-8be520c.json").read_text(encoding="utf-8"))
    document["sessions"][0]["attendees"][0] = "Nobody Here"
    file = tmp_path / "damaged.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    before = snapshot(app)
    result = restore_file(app, file)
    assert result.exit_code == 1 and "lists 'Nobody Here' as here" in result.output, result.output
    assert snapshot(app) == before


def test_a_write_that_fails_half_way_leaves_nothing_behind(app, monkeypatch):
    """Rows are written in one transaction: a failure at the last table undoes the tables before it."""
    organiser(app, "Joan", "joans-own-password")
    before = snapshot(app)
    rows_of = restoring.game_rows

    def broken(backup):
        tables = rows_of(backup)
        return [(model, rows + rows[:1] if model is GameEvent else rows)   # one record line twice: the key refuses it
                for model, rows in tables]
    monkeypatch.setattr(restoring, "game_rows", broken)
    result = restore_file(app, BACKUPS / "format2.json")
    assert result.exit_code == 1 and "nothing was changed" in result.output, result.output
    assert snapshot(app) == before


def test_a_file_of_a_future_format_or_not_a_backup_is_refused(app, tmp_path):
    file = tmp_path / "future.json"
    file.write_text(json.dumps(dict(FORMAT2, version=4)), encoding="utf-8")
    result = restore_file(app, file)
    assert result.exit_code == 1 and "format version 4; this Treys reads versions 1 to 3" in result.output
    file.write_text("[" * 100000, encoding="utf-8")
    result = restore_file(app, file)
    assert result.exit_code == 1 and "not a Treys backup" in result.output
