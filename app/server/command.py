"""The `treys` command: serve the app with waitress, make the first organiser, migrate, back up and restore.

It is the app's Flask command line (`flask --app app ...`) under one name that pip installs on Linux, macOS and
Windows alike (no shell, paths through pathlib): `treys backup` and `treys restore` run the app's own backup
commands (app/server/cli.py), `treys setup` the organiser command (app/web/sign_in.py), `treys migrate`
Flask-Migrate's upgrade; `db`, `organiser` and `brake` are there as under `flask`.
"""
from __future__ import annotations

from pathlib import Path

import click
import waitress
from flask import Flask
from flask.cli import FlaskGroup, ScriptInfo, pass_script_info, with_appcontext
from flask_migrate import upgrade

from app import create_app
from app.web.sign_in import add_command, has_organiser
from app.config import ConfigError
from app.web.network import tablets_url
from app.members.sending import start_sender
from app.server.serving import SERVER_LIMITS, proxy_settings
from app.server.security import WeakSecretKey
from app.server.cli import backup_command, restore_command

#: The port, and waitress's worker threads (docs/benchmarks.md has the measurement behind 8).
DEFAULT_PORT = 8015
DEFAULT_THREADS = 8


def build_app() -> Flask:
    """The app as configured by the environment; a setting that will not do stops here with its sentence."""
    try:
        return create_app()
    except (ConfigError, WeakSecretKey) as error:
        raise click.ClickException(str(error)) from error


treys = FlaskGroup(name="treys", create_app=build_app, add_default_commands=False, add_version_option=False,
                   load_dotenv=False, set_debug_flag=False, help="Treys, the card club's score keeper.")
# The app is always this one, set up by the environment: flask's --app, --env-file and --debug do not apply.
treys.params = [param for param in treys.params if param.name not in {"app", "env_file", "debug"}]
click.version_option(package_name="treys")(treys)


@treys.command()
@with_appcontext
def migrate() -> None:
    """Bring the database up to date (Flask-Migrate's upgrade)."""
    upgrade()
    click.echo("The database is up to date.")


@treys.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on (0.0.0.0: every one).")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(1, 65535))
@click.option("--threads", default=DEFAULT_THREADS, show_default=True, type=click.IntRange(1, 64),
              help="Waitress's worker threads.")
@pass_script_info
def serve(info: ScriptInfo, host: str, port: int, threads: int) -> None:
    """Migrate the database, then serve Treys with waitress until Ctrl+C."""
    app = info.load_app()
    with app.app_context():
        upgrade()
    click.echo(f"Treys is serving on port {port}; stop it with Ctrl+C.")
    click.echo(f"Organiser: http://127.0.0.1:{port}/club")
    click.echo(f"Tablets: {app.config['PUBLIC_URL'] or tablets_url(port)}")
    start_sender(app)               # the outbox is worked from the start: emails left waiting go by themselves
    waitress.serve(app, host=host, port=port, threads=threads, **SERVER_LIMITS, **proxy_settings())


@treys.command()
@click.argument("name", required=False)
@click.pass_context
@with_appcontext
def setup(ctx: click.Context, name: str | None) -> None:
    """Make the first organiser account (the password from TREYS_PASSWORD, else asked twice)."""
    upgrade()
    if has_organiser():
        raise click.ClickException("Setup is done: an organiser account exists. "
                                   "Add another with: treys organiser add NAME")
    ctx.invoke(add_command, name=name or click.prompt("Organiser's name"))


@treys.command()
@click.argument("file", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@click.option("--club", "slug", help="The club's short name (needed once there are several clubs).")
@click.pass_context
@with_appcontext
def backup(ctx: click.Context, file: Path, slug: str | None) -> None:
    """Write the club's whole record to FILE (JSON)."""
    upgrade()
    ctx.invoke(backup_command, file=str(file), slug=slug)


@treys.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="Restore without asking.")
@click.option("--club", "slug", help="The club's short name (needed once there are several clubs).")
@click.pass_context
@with_appcontext
def restore(ctx: click.Context, file: Path, yes: bool, slug: str | None) -> None:
    """Load FILE (a Treys backup of any release) into this install (its accounts are kept), checking it whole
    first."""
    upgrade()
    ctx.invoke(restore_command, file=str(file), yes=yes, slug=slug)


if __name__ == "__main__":      # python -m app.server.command, where the script is not on the PATH
    treys()
