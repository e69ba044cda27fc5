"""A club's data on a host of several clubs: its backup restores into another club without touching the first,
a club leaves with its data, and `flask club remove` backs a club up before deleting all it owns."""
from __future__ import annotations

import json

from sqlalchemy import func, select

from app.extensions import db
from app.store.club.models import Member
from app.store.game.models import Game, Hand
from app.store.tenancy.scope import store_filter_off
from tests.web.club_support import login, organiser
from tests.web.test_clubs_isolation import A_PLAYERS, B_PLAYERS, OWNER_B, add_club, two_clubs  # noqa: F401


def everything(app) -> dict:
    """Rows of every club: games, hands and players on the lists, by club."""
    with app.app_context(), store_filter_off():
        return {model.__tablename__: dict(db.session.execute(
            select(model.club_id, func.count()).group_by(model.club_id)).all()) for model in (Game, Hand, Member)}


def test_a_clubs_backup_restores_into_a_new_club_and_the_others_stay_as_they_were(app, two_clubs, tmp_path):
    runner = app.test_cli_runner()
    backup = tmp_path / "hove.json"
    made = runner.invoke(args=["backup", str(backup), "--club", "hove-u3a-canasta"])
    assert made.exit_code == 0, made.output
    before = everything(app)
    add_club(app, "Brighton Canasta", "Carol")
    restored = runner.invoke(args=["restore", str(backup), "--club", "brighton-canasta", "--yes"])
    assert restored.exit_code == 0, restored.output
    after = everything(app)
    for table, clubs in before.items():
        for club_id, rows in clubs.items():
            assert after[table][club_id] == rows            # club A and Hove untouched
    new_club = (set(after["game"]) - set(before["game"])).pop()
    assert after["game"][new_club] == before["game"][max(before["game"])]
    client = app.test_client()
    login(client, "Carol")
    players = client.get("/records/players.csv").get_data(as_text=True)
    assert all(name in players for name in B_PLAYERS) and "Arden" not in players
    document = json.loads(client.post("/records/backup.json").get_data(as_text=True))
    assert len(document["games"]) == len(json.loads(backup.read_text())["games"])
    assert all(len(g["hands"]) == len(o["hands"]) for g, o in zip(document["games"],
                                                                   json.loads(backup.read_text())["games"]))


def test_a_restore_into_a_club_with_games_is_refused_and_changes_nothing(app, two_clubs, tmp_path):
    runner = app.test_cli_runner()
    backup = tmp_path / "first.json"
    assert runner.invoke(args=["backup", str(backup), "--club", "club"]).exit_code == 0
    before = everything(app)
    refused = runner.invoke(args=["restore", str(backup), "--club", "hove-u3a-canasta", "--yes"])
    assert refused.exit_code != 0 and "Nothing was restored" in refused.output
    assert everything(app) == before


def test_club_remove_backs_the_club_up_then_deletes_all_it_owns(app, two_clubs):
    before = everything(app)
    removed = app.test_cli_runner().invoke(args=["club", "remove", "hove-u3a-canasta", "--yes"])
    assert removed.exit_code == 0, removed.output
    path = removed.output.split("written to ")[1].split(":")[0]
    document = json.loads(open(path, encoding="utf-8").read())
    assert {m["name"] for m in document["members"]} == set(B_PLAYERS)
    after = everything(app)
    first = min(before["game"])
    assert after == {table: {first: clubs[first]} for table, clubs in before.items()}
    assert login(app.test_client(), OWNER_B).status_code == 401


def test_the_only_club_is_never_removed(app):
    organiser(app)
    refused = app.test_cli_runner().invoke(args=["club", "remove", "club", "--yes"])
    assert refused.exit_code != 0 and "only club" in refused.output


def test_the_sqlite_file_is_not_offered_once_several_clubs_share_it(app, client):
    organiser(app)
    add_club(app, "Hove U3A Canasta", OWNER_B)
    login(client)
    answer = client.get("/records/backup.sqlite3")
    assert answer.status_code in (403, 404)            # 404 on PostgreSQL: there is no file at all
    assert client.post("/records/backup.json").status_code == 200
