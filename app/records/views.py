"""The organiser's records page: CSV downloads and the club's backup."""
from __future__ import annotations

import json
import sqlite3
import tempfile
from datetime import date
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, render_template, send_file
from flask_login import login_required
from sqlalchemy import select

from app.backup import backup_document
from app.club.models import Member
from app.extensions import db
from app.records.exports import EXPORTS
from app.records.standings import all_seasons

bp = Blueprint("records", __name__, url_prefix="/records")


def last_backup_file():
    """The file where the time of the last downloaded backup is kept."""
    configured = current_app.config.get("LAST_BACKUP_FILE")
    return Path(configured) if configured else Path(current_app.instance_path) / "last_backup.txt"


def last_backup() -> str | None:
    """When the last backup was downloaded, or None."""
    path = last_backup_file()
    return path.read_text(encoding="utf-8").strip() if path.exists() else None


@bp.get("/")
@login_required
def index():
    """Downloads for the club's data and when the last backup was made."""
    return render_template("records/index.html", exports=list(EXPORTS), last_backup=last_backup(),
                           on_sqlite=db.engine.dialect.name == "sqlite", seasons=all_seasons(),
                           members=db.session.scalars(select(Member).order_by(Member.name)).all())


@bp.get("/<name>.csv")
@login_required
def export(name: str):
    """One CSV export, as a download."""
    if name not in EXPORTS:
        abort(404)
    return Response(EXPORTS[name](), mimetype="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f"attachment; filename=treys-{name}-{date.today()}.csv"})


@bp.get("/backup.json")
@login_required
def backup():
    """The whole club as one JSON document (restore it with `flask --app app restore FILE`)."""
    document = backup_document()
    last_backup_file().write_text(document["made_at"], encoding="utf-8")
    return Response(json.dumps(document, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f"attachment; filename=treys-backup-{date.today()}.json"})


@bp.get("/backup.sqlite3")
@login_required
def sqlite_copy():
    """A copy of the SQLite database file made with SQLite's online backup, while the app runs."""
    if db.engine.dialect.name != "sqlite":
        abort(404)
    target = Path(tempfile.mkstemp(suffix=".sqlite3")[1])
    with db.engine.connect() as connection:
        source = connection.connection.driver_connection
        with sqlite3.connect(target) as copy:
            source.backup(copy)
        copy.close()
    return send_file(target, mimetype="application/vnd.sqlite3", as_attachment=True,
                     download_name=f"treys-{date.today()}.sqlite3")
