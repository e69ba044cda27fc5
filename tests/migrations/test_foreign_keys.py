"""SQLite migrations run with foreign keys off, whole or not at all, checked, after a copy of the file aside."""
from __future__ import annotations

import re
import sqlite3

import pytest
from sqlalchemy import text

from app.extensions import db
from app.store.base.migrating import copy_name
from tests.migrations.support import (count, current_revision, dispose, head, migrate_down, migrate_to,
                                      migration_app, migrations_with, run_sql)

#: A small club record at a1_game_events (before the club features): one game, two teams, three hands.
BEFORE_CLUB = [
    "INSERT INTO game (id, ruleset_id, variations, target, table_label, table_code, first_dealer_team, "
    "first_dealer_player, version, created_at, updated_at, closed) VALUES (1, 'bolivia', '{}', 15000, 'Table 1', "
    "'ABCDEF', 0, 0, 4, '2026-03-02 14:00:00', '2026-03-02 14:40:00', NULL)",
    "INSERT INTO team (id, game_id, position, name) VALUES (1, 1, 0, 'Ann & Bob'), (2, 1, 1, 'Cy & Di')",
    "INSERT INTO player (id, team_id, position, name) VALUES (1, 1, 0, 'Ann'), (2, 1, 1, 'Bob'), "
    "(3, 2, 0, 'Cy'), (4, 2, 1, 'Di')",
    "INSERT INTO hand (id, game_id, number, client_token, created_at, updated_at) VALUES "
    "(1, 1, 1, 't1', '2026-03-02 14:10:00', '2026-03-02 14:10:00'), "
    "(2, 1, 2, 't2', '2026-03-02 14:25:00', '2026-03-02 14:25:00'), "
    "(3, 1, 3, 't3', '2026-03-02 14:40:00', '2026-03-02 14:40:00')",
    "INSERT INTO hand_entry (id, hand_id, team_position, sets, table_points, hand_points, red_threes, "
    "red_threes_in_hand, black_threes_in_hand, black_threes_melded, failed_go_outs, went_out, concealed, melded) "
    "VALUES " + ", ".join(f"({h * 2 - 1 + t}, {h}, {t}, '{{}}', {100 * (t + 1)}, 0, 0, 0, 0, 0, 0, FALSE, FALSE, TRUE)"
                          for h in (1, 2, 3) for t in (0, 1)),
    "INSERT INTO game_event (id, game_id, seq, kind, hand_number, client_token, \"before\", \"after\", at, "
    "actor_kind, actor_id, actor_label) VALUES (1, 1, 1, 'created', NULL, NULL, NULL, NULL, "
    "'2026-03-02 14:00:00', 'tablet', '', '')",
]
TABLES = {"game": 1, "team": 2, "player": 4, "hand": 3, "hand_entry": 6, "game_event": 1}

FAILING = '''"""A migration that rebuilds the game table, then fails."""
from alembic import op
import sqlalchemy as sa

revision = "z9_fails"
down_revision = "{head}"


def upgrade():
    with op.batch_alter_table("game", recreate="always") as batch_op:
        batch_op.add_column(sa.Column("doomed", sa.Integer(), nullable=True))
    raise RuntimeError("this migration fails half way")


def downgrade():
    pass
'''

DANGLING = '''"""A migration that would leave hands without their game."""
from alembic import op

revision = "z9_dangles"
down_revision = "{head}"


def upgrade():
    op.execute("DELETE FROM game")        # the one game (i10_public_ids gave it a random id)


def downgrade():
    pass
'''


@pytest.fixture
def club(tmp_path):
    """A SQLite file at a1_game_events holding BEFORE_CLUB."""
    app = migration_app(f"sqlite:///{tmp_path / 'club.sqlite3'}", tmp_path / "copies")
    migrate_to(app, "a1_game_events")
    run_sql(app, BEFORE_CLUB)
    yield app
    dispose(app)


def counts(app) -> dict[str, int]:
    """Rows per table of BEFORE_CLUB."""
    return {table: count(app, table) for table in TABLES}


def test_upgrade_from_before_the_club_features_keeps_every_hand_team_and_player(club):
    """The reported loss: c3_club rebuilds `game` in batch mode; its cascade emptied hands, teams and players."""
    migrate_to(club)
    assert counts(club) == TABLES
    assert current_revision(club) == head()


def test_downgrade_keeps_every_hand_team_and_player(club):
    migrate_to(club)
    migrate_down(club, "a1_game_events")
    assert counts(club) == TABLES
    migrate_to(club)
    assert counts(club) == TABLES


def test_foreign_keys_are_on_again_after_a_migration(club):
    migrate_to(club)
    with club.app_context():
        assert db.session.execute(text("PRAGMA foreign_keys")).scalar() == 1
        with pytest.raises(Exception, match="FOREIGN KEY"):
            db.session.execute(text("INSERT INTO team (id, game_id, position, name, club_id) "
                                    "VALUES (9, 99, 0, 'X', (SELECT min(id) FROM club))"))
        db.session.rollback()


def table_columns(app, table: str) -> list[str]:
    """A table's columns as SQLite has them."""
    with app.app_context():
        return [row[1] for row in db.session.execute(text(f'PRAGMA table_info("{table}")'))]


def test_a_failing_migration_leaves_the_database_as_it_was(club, tmp_path, capfd):
    columns = table_columns(club, "game")
    folder = migrations_with(tmp_path, "z9_fails.py", FAILING.replace("{head}", head()))
    with pytest.raises(SystemExit):                         # flask db prints the error and exits 1
        migrate_to(club, directory=folder)
    assert "this migration fails half way" in capfd.readouterr().err
    assert current_revision(club) == "a1_game_events"       # the club migrations before it are undone too
    assert table_columns(club, "game") == columns
    assert "club_session" not in sqlite_tables(club)
    assert counts(club) == TABLES


def sqlite_tables(app) -> set[str]:
    """The tables in the SQLite file."""
    with app.app_context():
        return set(db.session.scalars(text("SELECT name FROM sqlite_master WHERE type = 'table'")))


def test_a_migration_leaving_a_dangling_row_is_refused_and_rolled_back(club, tmp_path, capfd):
    folder = migrations_with(tmp_path, "z9_dangles.py", DANGLING.replace("{head}", head()))
    with pytest.raises(SystemExit):
        migrate_to(club, directory=folder)
    said = capfd.readouterr().err
    assert re.search(r"The migration was not applied: it would leave 6 row\(s\) pointing at nothing, such as "
                     r".*hand row 1 \(its game is missing\).*The database is as it was before\.", said), said
    assert current_revision(club) == "a1_game_events"
    assert counts(club) == TABLES


def test_a_database_with_data_is_copied_aside_before_it_is_migrated(club, tmp_path):
    runner = club.test_cli_runner()
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    copies = list((tmp_path / "copies").iterdir())
    assert len(copies) == 1
    copy = copies[0]
    assert copy.name.startswith("club-before-migrating-from-a1_game_events-") and copy.suffix == ".sqlite3"
    assert str(copy) in result.output and "To go back" in result.output
    with sqlite3.connect(copy) as kept:
        assert kept.execute("SELECT version_num FROM alembic_version").fetchone() == ("a1_game_events",)
        assert {t: kept.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES} == TABLES
    kept.close()


def test_a_fresh_database_and_one_at_head_are_not_copied(tmp_path):
    app = migration_app(f"sqlite:///{tmp_path / 'club.sqlite3'}", tmp_path / "copies")
    migrate_to(app)                                # empty: nothing to keep
    migrate_down(app, "a1_game_events")            # still empty
    migrate_to(app)
    run_sql(app, ["INSERT INTO club (name, slug, created_at) VALUES ('Hove', 'hove', '2026-03-02 14:00:00')"])
    migrate_to(app)                                # at head already: no step, no copy
    assert not (tmp_path / "copies").exists() or not list((tmp_path / "copies").iterdir())
    dispose(app)


def test_the_copy_is_named_by_revision_and_utc_time(tmp_path):
    from datetime import datetime
    name = copy_name(tmp_path / "treys.sqlite3", "c3_club", datetime(2026, 11, 25, 7, 30, 5))
    assert name == "treys-before-migrating-from-c3_club-20261125T073005Z.sqlite3"
