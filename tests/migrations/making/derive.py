"""A fixture for a revision no release stopped at: a release's database moved there by today's migrations.

    .venv/bin/python -m tests.migrations.making.derive SOURCE_DIR REVISION OUT_DIR [--drop-seasons]
SOURCE_DIR holds built.sqlite3 and figures.json from play_release.py (or is a fixture, tests/migrations/fixtures/
<revision>/: its data.sql is loaded into a new SQLite file migrated to <revision>); the database is copied, upgraded or
downgraded to REVISION (SQLite, foreign keys off, as every migration runs), dumped to OUT_DIR/data.sql, and
the figures are carried over (without the seasons when the revision predates them).
"""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

from flask_migrate import downgrade, upgrade

from app import create_app
from app.extensions import db
from tests.migrations.making.dump import statements, write_sql
from tests.migrations.support import REVISIONS, dispose, migrate_to, run_sql


def from_fixture(fixture: Path, database: Path, copies: Path) -> None:
    """A SQLite file at the fixture's revision (its folder's name) holding the fixture's rows."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "MIGRATION_COPY_FOLDER": str(copies)})
    migrate_to(app, fixture.name)
    run_sql(app, statements(fixture / "data.sql"))
    dispose(app)


def main(source: Path, revision: str, out: Path, drop_seasons: bool) -> None:
    """Copy, migrate, dump, carry the figures."""
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TREYS_INSTANCE"] = str(out / "instance")   # an empty instance folder: nothing of this checkout's
    database = out / "built.sqlite3"
    if (source / "built.sqlite3").exists():
        shutil.copyfile(source / "built.sqlite3", database)
    else:
        database.unlink(missing_ok=True)
        from_fixture(source, database, out / "copies")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "MIGRATION_COPY_FOLDER": str(out / "copies")})
    with app.app_context():
        at = db.session.execute(db.text("SELECT version_num FROM alembic_version")).scalar()
        db.session.remove()
        (upgrade if REVISIONS.index(revision) > REVISIONS.index(at) else downgrade)(revision=revision)
        db.engine.dispose()
    shutil.rmtree(out / "copies", ignore_errors=True)
    shutil.rmtree(out / "instance", ignore_errors=True)
    figures = json.loads((source / "figures.json").read_text(encoding="utf-8"))
    if drop_seasons:
        figures["club"]["seasons"] = []
    (out / "figures.json").write_text(json.dumps(figures, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "revision").write_text(revision + "\n", encoding="utf-8")
    write_sql(database, out / "data.sql")
    print(f"{out}: {revision} from {source.name} ({at})")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), "--drop-seasons" in sys.argv)
