"""The app's own migration step creates the schema the models describe, on SQLite and PostgreSQL."""
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from app import create_app
from app.extensions import db
from tests.conftest import database_url


def migrated_app(tmp_path):
    """An app whose database starts empty, for the migrations to fill."""
    application = create_app({"TESTING": True,
                              "SQLALCHEMY_DATABASE_URI": database_url(tmp_path / "migrate.sqlite3")})
    with application.app_context():
        db.drop_all()
        with db.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    return application


def test_upgrade_creates_every_table_and_matches_the_models(tmp_path):
    """`flask db upgrade` leaves nothing for autogenerate to add: migrations and models agree."""
    application = migrated_app(tmp_path)
    with application.app_context():
        upgrade()
        tables = set(inspect(db.engine).get_table_names())
        assert {"game", "team", "player", "hand", "hand_entry", "alembic_version"} <= tables
        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
        assert diff == []
        downgrade(revision="base")
        assert not {"game", "hand"} & set(inspect(db.engine).get_table_names())
        with db.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.engine.dispose()
