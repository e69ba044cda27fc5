"""Restore a backup from the records page: upload the file, read what will be put in (and what happens to the
accounts), confirm, and see the result. The file waits in the instance folder between the two steps."""
from __future__ import annotations

import re
import secrets
import time
from pathlib import Path

from flask import current_app, render_template, request
from flask_login import login_required

from app.records.views import bp
from app.store.backup.refusal import BackupRefused
from app.store.backup.restore import plan, restore
from app.rules.refusal import RefusalKind
from app.web.errors import status_for

#: A waiting file older than this is removed at the next upload.
WAITING_SECONDS = 3600
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


def waiting_folder() -> Path:
    """Where an uploaded backup waits for its confirmation."""
    folder = Path(current_app.instance_path) / "restores"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def forget_old() -> None:
    """Remove uploads nobody confirmed within the hour (they hold password hashes)."""
    for path in waiting_folder().glob("*.json"):
        try:
            waited = time.time() - path.stat().st_mtime
        except FileNotFoundError:       # confirmed or forgotten by another request since the folder was read
            continue
        if waited > WAITING_SECONDS:
            path.unlink(missing_ok=True)


def refused(problems: list[str], kind: RefusalKind):
    """The page saying why nothing was restored, with the status of the kind of refusal."""
    return (render_template("records/restore.html", problems=problems[:20], more=max(0, len(problems) - 20)),
            status_for(kind))


@bp.post("/restore")
@login_required
def restore_upload():
    """Check the uploaded backup whole and show what restoring it will do (the body may be up to
    app/server/security.py's LARGER_BODIES)."""
    upload = request.files.get("backup")
    if upload is None or not upload.filename:
        return refused(["Choose the backup file first (a .json file made by Download a backup)."], RefusalKind.BAD_REQUEST)
    data = upload.stream.read()              # within the body limit of LARGER_BODIES (app/server/security.py)
    try:
        checked = plan(data)
    except BackupRefused as error:
        return refused(error.problems, error.kind)
    forget_old()
    token = secrets.token_urlsafe(24)
    (waiting_folder() / f"{token}.json").write_bytes(data)
    return render_template("records/restore.html", plan=checked, token=token, filename=upload.filename)


@bp.post("/restore/confirm")
@login_required
def restore_confirm():
    """Restore the file that was checked, checking it again against the install as it is now."""
    token = request.form.get("token", "")
    path = waiting_folder() / f"{token}.json" if TOKEN.fullmatch(token) else None
    if path is None or not path.exists():
        return refused(["This restore is no longer waiting (it was done, or an hour went by): "
                        "upload the backup file again."], RefusalKind.CONFLICT)
    try:
        data = path.read_bytes()
        path.unlink(missing_ok=True)
        done = restore(data)
    except BackupRefused as error:
        return refused(error.problems, error.kind)
    return render_template("records/restore.html", done=done)
