"""Databases for the migration tier: an empty SQLite file or PostgreSQL schema, migrated by today's migrations."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade
from sqlalchemy import create_engine, text

from app import create_app
from app.config import normalize_database_url
from app.extensions import db

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
SCHEMA = "treys_migrations"
#: The revisions in order, oldest first (tests/migrations/README.md: each has its fixture).
REVISIONS = ("e38d309694f4", "a1_game_events", "c3_club", "f6_records", "b2_hardening", "d7_outcome", "g7_sessions", "e8_layers", "h9_convenor",
             "i10_public_ids", "j11_clubs", "trust_sign_ins", "trust_host_roles", "faults_backup_made",
             "api_client_tokens", "members_settings_contacts_outbox", "rooms_session_version",
             "house_rules_versions", "privacy_results_due", "compete_competitions", "results_stored")


def scripts(directory: Path = MIGRATIONS) -> ScriptDirectory:
    """Alembic's view of the migration scripts in directory."""
    return ScriptDirectory(str(directory))


def head(directory: Path = MIGRATIONS) -> str:
    """The one head revision of the migration scripts (an error if there are several)."""
    return scripts(directory).get_current_head()


def before_head(directory: Path = MIGRATIONS) -> str:
    """The revision one step down from the head."""
    return scripts(directory).get_revision(head(directory)).down_revision


def chain(directory: Path = MIGRATIONS) -> tuple[str, ...]:
    """Every revision of the scripts, oldest first, following down_revision from the head."""
    return tuple(reversed([script.revision for script in scripts(directory).walk_revisions()]))


def dialects() -> list[str]:
    """The database under test: PostgreSQL when DATABASE_URL names one, else SQLite. CI runs the suite on each
    (.ci/run), so every migration is checked on both, each in its own database's run."""
    return ["postgresql"] if os.environ.get("DATABASE_URL", "").startswith("postgres") else ["sqlite"]


def empty_database(dialect: str, tmp_path: Path) -> str:
    """The URL of an empty database: a new SQLite file, or a fresh schema of DATABASE_URL's database."""
    if dialect == "sqlite":
        return f"sqlite:///{tmp_path / 'club.sqlite3'}"
    url = normalize_database_url(os.environ["DATABASE_URL"])
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
        conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    engine.dispose()
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{SCHEMA}"


def drop_database(url: str) -> None:
    """Remove a PostgreSQL schema made by empty_database (a SQLite file goes with tmp_path)."""
    if url.startswith("postgresql"):
        engine = create_engine(url.split("?")[0])
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
        engine.dispose()


def migration_app(url: str, copies: Path, **config):
    """An app on url whose tables come only from migrations (no create_all), with an instance folder of its own
    beside copies: a migration that reads the install's files (faults_backup_made: instance/last_backup.txt)
    finds none of this checkout's."""
    settings = {"TESTING": True, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url,
                "MIGRATION_COPY_FOLDER": str(copies)}
    settings.update(config)
    before = os.environ.get("TREYS_INSTANCE")
    os.environ["TREYS_INSTANCE"] = str(copies.parent / "instance")
    try:
        return create_app(settings)
    finally:
        if before is None:
            del os.environ["TREYS_INSTANCE"]
        else:
            os.environ["TREYS_INSTANCE"] = before


def migrate_to(app, revision: str = "head", directory: Path = MIGRATIONS) -> None:
    """Upgrade the app's database to revision."""
    with app.app_context():
        upgrade(directory=str(directory), revision=revision)
        db.session.remove()


def migrate_down(app, revision: str, directory: Path = MIGRATIONS) -> None:
    """Downgrade the app's database to revision."""
    with app.app_context():
        downgrade(directory=str(directory), revision=revision)
        db.session.remove()


def run_sql(app, statements: list[str]) -> None:
    """Run statements in one transaction on the app's database."""
    with app.app_context():
        with db.engine.begin() as conn:
            for statement in statements:
                conn.exec_driver_sql(statement)


def count(app, table: str) -> int:
    """Rows in a table."""
    with app.app_context():
        with db.engine.connect() as conn:
            return conn.exec_driver_sql(f'SELECT COUNT(*) FROM "{table}"').scalar()


def current_revision(app) -> str | None:
    """The revision the database is at."""
    with app.app_context():
        with db.engine.connect() as conn:
            return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def migrations_with(tmp_path: Path, name: str, source: str) -> Path:
    """A copy of the migrations folder with one more revision file (for failing-migration tests)."""
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "versions" / name).write_text(source, encoding="utf-8")
    return folder


def dispose(app) -> None:
    """Close the app's pooled connections."""
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def reset_sequences(app) -> None:
    """After rows with explicit ids, PostgreSQL's id sequences start after the highest id (SQLite needs nothing)."""
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            return
        with db.engine.begin() as conn:
            tables = conn.exec_driver_sql(
                "SELECT table_name FROM information_schema.columns WHERE column_name = 'id' "
                "AND table_schema = current_schema()").scalars().all()
            for table in tables:
                conn.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                                     f"COALESCE((SELECT MAX(id) FROM \"{table}\"), 0) + 1, false)")
