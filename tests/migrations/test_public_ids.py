"""i10_public_ids renumbers every stored game and session to a random id: no old link works, every row that
referred to one follows it (hands stay with their game), and one step down numbers them 1, 2, 3 ... again."""
from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect

from app.extensions import db
from app.store.base.ids import FIRST_PUBLIC_ID, PUBLIC_ID_LIMIT
from tests.migrations.making.dump import statements
from tests.migrations.support import (dialects, dispose, drop_database, empty_database, migrate_down, migrate_to,
                                      migration_app, reset_sequences, run_sql)

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "h9_convenor" / "data.sql"
#: Each game's rows, told by when the game was made (its id changes): teams, hands, record lines, session.
PER_GAME = """SELECT g.created_at, g.table_code, s.created_at,
       (SELECT COUNT(*) FROM team t WHERE t.game_id = g.id),
       (SELECT COUNT(*) FROM hand h WHERE h.game_id = g.id),
       (SELECT COUNT(*) FROM hand_entry e JOIN hand h ON h.id = e.hand_id WHERE h.game_id = g.id),
       (SELECT COUNT(*) FROM game_event v WHERE v.game_id = g.id),
       (SELECT COUNT(*) FROM table_call c WHERE c.game_id = g.id AND c.session_id = g.session_id),
       (SELECT COUNT(*) FROM substitution b WHERE b.game_id = g.id)
FROM game g LEFT JOIN club_session s ON s.id = g.session_id ORDER BY g.created_at"""
PER_SESSION = """SELECT s.created_at, (SELECT COUNT(*) FROM attendance a WHERE a.session_id = s.id),
       (SELECT COUNT(*) FROM session_event e WHERE e.session_id = s.id),
       (SELECT COUNT(*) FROM game g WHERE g.session_id = s.id)
FROM club_session s ORDER BY s.created_at"""


@pytest.fixture(params=dialects())
def club(request, tmp_path):
    """The h9_convenor fixture's club (18 games, 3 sessions) at h9_convenor, on each dialect under test."""
    url = empty_database(request.param, tmp_path)
    app = migration_app(url, tmp_path / "copies")
    migrate_to(app, "h9_convenor")
    run_sql(app, statements(FIXTURE))
    reset_sequences(app)
    yield app
    dispose(app)
    drop_database(url)


def rows(app, query: str) -> list[tuple]:
    """A query's rows, as plain tuples."""
    with app.app_context():
        with db.engine.connect() as conn:
            return [tuple(row) for row in conn.exec_driver_sql(query)]


def ids(app, table: str) -> list[int]:
    """A table's ids in the order its rows were made."""
    return [row[0] for row in rows(app, f"SELECT id FROM {table} ORDER BY created_at")]


def test_every_game_and_session_gets_a_random_id_and_brings_its_rows_along(club):
    games, sessions = ids(club, "game"), ids(club, "club_session")
    assert games == list(range(1, 19)) and sessions == [1, 2, 3]
    per_game, per_session = rows(club, PER_GAME), rows(club, PER_SESSION)
    assert sum(row[4] for row in per_game) > 50                    # hands to keep
    migrate_to(club)
    new_games, new_sessions = ids(club, "game"), ids(club, "club_session")
    assert all(FIRST_PUBLIC_ID <= number < PUBLIC_ID_LIMIT for number in new_games + new_sessions)
    assert len(set(new_games)) == 18 and new_games == sorted(new_games)   # the order the games were made
    assert rows(club, PER_GAME) == per_game and rows(club, PER_SESSION) == per_session
    client = club.test_client()
    for old in games:
        assert client.get(f"/games/{old}").status_code == 404
        assert client.get(f"/api/v1/games/{old}").status_code == 404
    shown = [(number, code) for number, closed, code in rows(club, "SELECT id, closed, table_code FROM game "
                                                                   "ORDER BY created_at") if closed != "deleted"]
    for number, code in shown:                  # a table's tablet opens its game by the code on its card
        assert client.get(f"/games/{number}?code={code}").status_code == 302
    assert shown and all(client.get(f"/games/{number}").status_code == 200 for number, _ in shown)


def test_foreign_keys_still_hold_after_the_renumbering(club):
    with club.app_context():
        before = {name: inspect(db.engine).get_foreign_keys(name) for name in inspect(db.engine).get_table_names()}
    migrate_to(club, "i10_public_ids")     # this step alone: later ones add keys of their own
    with club.app_context():
        after = {name: inspect(db.engine).get_foreign_keys(name) for name in inspect(db.engine).get_table_names()}
        postgresql = db.engine.dialect.name == "postgresql"
    assert {name: sorted((k["referred_table"], k["constrained_columns"], k["options"]) for k in keys)
            for name, keys in after.items() if name != "alembic_version"} == \
        {name: sorted((k["referred_table"], k["constrained_columns"], k["options"]) for k in keys)
         for name, keys in before.items() if name != "alembic_version"}
    if postgresql:
        types = dict(rows(club, "SELECT table_name || '.' || column_name, data_type FROM information_schema.columns "
                                "WHERE table_schema = current_schema() AND (column_name IN ('game_id', 'session_id') "
                                "OR (column_name = 'id' AND table_name IN ('game', 'club_session')))"))
        assert set(types) >= {"game.id", "club_session.id", "team.game_id", "hand.game_id", "game_event.game_id",
                              "table_call.game_id", "table_call.session_id", "substitution.game_id",
                              "attendance.session_id", "session_event.session_id", "game.session_id",
                              "code_brake.game_id"}
        assert set(types.values()) == {"bigint"}
        with pytest.raises(Exception, match="foreign key"):
            run_sql(club, ["INSERT INTO team (game_id, position, name) VALUES (1, 0, 'Nobody')"])


def test_one_step_down_numbers_them_in_order_again(club):
    per_game, per_session = rows(club, PER_GAME), rows(club, PER_SESSION)
    migrate_to(club)
    migrate_down(club, "h9_convenor")
    assert ids(club, "game") == list(range(1, 19)) and ids(club, "club_session") == [1, 2, 3]
    assert rows(club, PER_GAME) == per_game and rows(club, PER_SESSION) == per_session
    with club.app_context():
        if db.engine.dialect.name == "postgresql":         # counted by a sequence again, after the highest id
            run_sql(club, ["INSERT INTO club_session (played_on, ruleset_id, variations, format_kind, partners, "
                           "pairs, round, sitting_out, seed, created_at, agreement) VALUES ('2026-11-26', "
                           "'bolivia', '{}', 'target', 'random', '[]', 0, '[]', 0, '2026-11-26 10:00', FALSE)"])
            assert ids(club, "club_session")[-1] == 4
    migrate_to(club)
    assert all(number >= FIRST_PUBLIC_ID for number in ids(club, "game") + ids(club, "club_session"))
