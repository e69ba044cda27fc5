"""Command line for the organiser: `flask --app app brake release GAME_ID`, `flask --app app backup FILE` and
`flask --app app restore FILE` (the `treys` command runs the same)."""
from __future__ import annotations

import json

import click
from flask.cli import AppGroup, with_appcontext

from app.store.base.ids import LARGEST_ID
from app.store.base.brakes import release_code_brake
from app.extensions import db
from app.store.game.models import Game
from app.store.backup.document import backup_document
from app.store.backup.refusal import BackupRefused
from app.store.tenancy.clubs import ClubProblem, chosen_club
from app.store.backup.restore import plan, write
from app.store.tenancy.scope import in_club

brake_cli = AppGroup("brake", help="The brake on guessing table codes.")


@brake_cli.command("release")
@click.argument("game_id", type=int)
def release(game_id: int) -> None:
    """Let every tablet type the table code of GAME_ID again at once."""
    if not 0 < game_id <= LARGEST_ID or db.session.get(Game, game_id) is None:
        raise click.ClickException(f"There is no game number {game_id}.")
    cleared = release_code_brake(game_id)
    click.echo(f"Game {game_id}: brake released ({cleared} counters cleared); tablets can type the code again.")


def club_named(slug: str | None) -> int:
    """The club a command works on (the only one, or the one --club names); a ClickException otherwise."""
    try:
        return chosen_club(slug).id
    except ClubProblem as problem:
        raise click.ClickException(str(problem)) from None


CLUB_OPTION = click.option("--club", "slug", help="The club's short name (needed once there are several clubs).")


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, writable=True))
@CLUB_OPTION
@with_appcontext
def backup_command(file: str, slug: str | None = None) -> None:
    """Write one club's whole record to FILE (JSON)."""
    with in_club(club_named(slug)):
        document = backup_document()
    with open(file, "w", encoding="utf-8") as out:
        json.dump(document, out, ensure_ascii=False, indent=1)
    click.echo(f"Backup written to {file}: {len(document['games'])} games, {len(document['members'])} players.")


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--yes", is_flag=True, help="Restore without asking.")
@CLUB_OPTION
@with_appcontext
def restore_command(file: str, yes: bool, slug: str | None = None) -> None:
    """Load FILE (a Treys backup of any release) into a club with no games yet; the whole file is checked first."""
    with open(file, "rb") as source:
        data = source.read()
    with in_club(club_named(slug)):
        restore_into_club(file, data, yes)


def restore_into_club(file: str, data: bytes, yes: bool) -> None:
    """Check, confirm and write a backup into the club in scope, saying what was done."""
    try:
        checked = plan(data)
        for line in checked.sentences():
            click.echo(line)
        if not yes and not click.confirm("Restore it?", default=False):
            raise click.ClickException("Nothing was restored.")
        write(checked)
    except BackupRefused as refused:
        db.session.rollback()
        raise click.ClickException("Nothing was restored. " + " ".join(refused.problems[:10])) from None
    click.echo(f"Restored {checked.summary()} from {file}.")
    if checked.accounts_added:
        click.echo(f"Accounts added from the backup: {', '.join(checked.accounts_added)}.")
    if checked.accounts_kept:
        click.echo(f"Accounts kept as they were: {', '.join(checked.accounts_kept)}.")
    if checked.accounts_skipped:
        click.echo(f"Accounts of the backup not added, their names are taken here: {', '.join(checked.accounts_skipped)}.")


def init_backup(app) -> None:
    """Add the backup and restore commands to `flask`."""
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
