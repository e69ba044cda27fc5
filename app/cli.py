"""Command line for the organiser: `flask --app app brake release GAME_ID`."""
from __future__ import annotations

import click
from flask.cli import AppGroup

from app.converters import LARGEST_ID
from app.store.brake import release_code_brake
from app.extensions import db
from app.store.models import Game

brake_cli = AppGroup("brake", help="The brake on guessing table codes.")


@brake_cli.command("release")
@click.argument("game_id", type=int)
def release(game_id: int) -> None:
    """Let every tablet type the table code of GAME_ID again at once."""
    if not 0 < game_id <= LARGEST_ID or db.session.get(Game, game_id) is None:
        raise click.ClickException(f"There is no game number {game_id}.")
    cleared = release_code_brake(game_id)
    click.echo(f"Game {game_id}: brake released ({cleared} counters cleared); tablets can type the code again.")
