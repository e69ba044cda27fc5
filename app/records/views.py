"""The organiser's records page: CSV downloads and the club's backup."""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile


from flask import Response, redirect, render_template, request, send_file, url_for
from flask_login import login_required
from sqlalchemy import select

from app.store.base.clubtime import club_today
from app.store.backup.document import backup_document
from app.store.backup.made import last_backup_made, note_backup_made
from app.store.club.models import Member
from app.extensions import db
from app.store.tenancy.clubs import all_clubs
from app.render.csv_text import CSV_TYPE
from app.records.exports import EXPORTS
from app.store.club.standings import all_seasons
from app.records.blueprint import bp
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as



@bp.get("/")
@login_required
def index():
    """Downloads for the club's data and when the last backup was made."""
    return render_template("records/index.html", exports=list(EXPORTS), last_backup=last_backup_made(),
                           on_sqlite=db.engine.dialect.name == "sqlite", seasons=all_seasons(),
                           members=db.session.scalars(select(Member).order_by(Member.name)).all())


@bp.get("/<name>.csv")
@login_required
def export(name: str):
    """One CSV export, as a download."""
    if name not in EXPORTS:
        abort_as(RefusalKind.NOT_FOUND)
    return Response(EXPORTS[name](), content_type=CSV_TYPE,
                    headers={"Content-Disposition": f"attachment; filename=treys-{name}-{club_today()}.csv"})


@bp.route("/backup.json", methods=["GET", "POST"])
@login_required
def backup():
    """The whole club as one JSON document (restore it with `flask --app app restore FILE`), downloaded by the
    records page's button (a POST: making a backup is noted, so a link or a reload never makes one); asked
    for by its address, the records page at its button."""
    if request.method == "GET":
        return redirect(url_for("records.index", _anchor="backup"))
    document = backup_document()
    note_backup_made(document["made_at"])
    return Response(json.dumps(document, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f"attachment; filename=treys-backup-{club_today()}.json"})


@bp.get("/backup.sqlite3")
@login_required
def sqlite_copy():
    """A copy of the SQLite database file made with SQLite's online backup, while the app runs."""
    if db.engine.dialect.name != "sqlite":
        abort_as(RefusalKind.NOT_FOUND)
    if len(all_clubs()) > 1:
        abort_as(RefusalKind.FORBIDDEN,
                 "The database file holds every club of this Treys, so it is not offered here. Download "
                 "the club's backup (the JSON file) instead: it holds all of your club.")
    descriptor, target = tempfile.mkstemp(suffix=".sqlite3")
    os.close(descriptor)
    try:
        with db.engine.connect() as connection:
            copy = sqlite3.connect(target)
            try:
                connection.connection.driver_connection.backup(copy)
            finally:
                copy.close()
        handle = open(target, "rb")     # closed by the response once sent
    finally:
        os.unlink(target)               # the open handle still reads it; nothing is left in the temp folder
    return send_file(handle, mimetype="application/vnd.sqlite3", as_attachment=True,
                     download_name=f"treys-{club_today()}.sqlite3")
