"""The host's command line for clubs: `flask club add NAME --owner ALICE`, `flask club list`, `flask club remove`."""
from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from app.web.sign_in import add_organiser
from app.store.base.transaction import nothing_saved
from app.store.backup.document import backup_document
from app.store.club.models import Member
from app.store.people.models import Organiser, Role
from app.store.game.models import Game
from app.store.tenancy.clubs import ClubProblem, add_club, all_clubs, chosen_club, count_rows, remove_club
from app.store.tenancy.scope import in_club

club_cli = AppGroup("club", help="The clubs this Treys hosts.")


def new_password(prompt: str = "Password") -> str:
    """A password from TREYS_PASSWORD, else asked twice."""
    return os.environ.get("TREYS_PASSWORD") or click.prompt(prompt, hide_input=True, confirmation_prompt=True)


@club_cli.command("add")
@click.argument("name")
@click.option("--owner", required=True, help="The name of the club's first account (its owner).")
@click.option("--slug", help="The club's short name for commands and backups (made from NAME if not given).")
def add_club_command(name: str, owner: str, slug: str | None) -> None:
    """Add a club with its owner's account (the password from TREYS_PASSWORD, else asked twice)."""
    password = new_password(f"Password for {owner}")
    try:
        club = add_club(name, slug)
        with in_club(club.id):
            add_organiser(owner, password, role=Role.OWNER, club_id=club.id)
    except (ClubProblem, ValueError) as problem:
        nothing_saved()
        raise click.ClickException(str(problem)) from None
    click.echo(f"Club {club.name} added (short name {club.slug}); {owner.strip()} is its owner and can log in.")


@club_cli.command("list")
def list_command() -> None:
    """Every club: its short name, name, accounts, players and games."""
    for club in all_clubs():
        click.echo(f"{club.slug:<20} {club.name}  ({count_rows(club.id, Organiser)} accounts, "
                   f"{count_rows(club.id, Member)} players, {count_rows(club.id, Game)} games)")


def backup_path(slug: str) -> Path:
    """Where a removed club's backup goes: instance/backups/<slug>-<UTC time>.json."""
    folder = Path(current_app.instance_path) / "backups"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{slug}-{datetime.now(timezone.utc):%Y%m%dT%H%M%SZ}.json"


@club_cli.command("remove")
@click.argument("slug")
@click.option("--yes", is_flag=True, help="Remove without asking.")
def remove_command(slug: str, yes: bool) -> None:
    """Back up a club to instance/backups/, then delete it and everything it owns."""
    try:
        club = chosen_club(slug)
    except ClubProblem as problem:
        raise click.ClickException(str(problem)) from None
    path = backup_path(club.slug)
    with in_club(club.id):
        document = backup_document()
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    click.echo(f"Backup of {club.name} written to {path}: {len(document['games'])} games, "
               f"{len(document['members'])} players.")
    if not yes and not click.confirm(f"Delete {club.name} and everything it owns?", default=False):
        raise click.ClickException("Nothing was deleted.")
    try:
        remove_club(club)
    except ClubProblem as problem:
        raise click.ClickException(str(problem)) from None
    click.echo(f"Club {club.name} is removed. Its backup is {path}.")
