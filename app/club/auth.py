"""Organiser accounts: Flask-Login for pages, HTTP Basic for the JSON API, and the CLI to add one."""
from __future__ import annotations

import os

import click
from flask import Flask, request
from flask.cli import AppGroup
from flask_login import LoginManager, current_user
from sqlalchemy import func, select

from app.club.models import Organiser
from app.extensions import db
from app.services import refuse

login_manager = LoginManager()
login_manager.login_view = "club.login"
login_manager.login_message = "Please log in as an organiser to run the club's afternoons."
login_manager.login_message_category = "info"

#: Shortest password an organiser may choose.
MIN_PASSWORD = 8


@login_manager.user_loader
def load_organiser(organiser_id: str) -> Organiser | None:
    """The organiser kept in the browser's session."""
    return db.session.get(Organiser, int(organiser_id)) if organiser_id.isdigit() else None


def has_organiser() -> bool:
    """True once any organiser account exists."""
    return db.session.scalar(select(func.count()).select_from(Organiser)) > 0


def check_login(name: str, password: str) -> Organiser | None:
    """The organiser with this name and password, else None."""
    organiser = db.session.scalar(select(Organiser).where(Organiser.name == (name or "").strip()))
    if organiser is not None and organiser.check_password(password or ""):
        return organiser
    return None


def account_problems(name: str, password: str) -> list[str]:
    """What is wrong with a new organiser's name and password."""
    problems = []
    if not name or len(name) > 60:
        problems.append("Give a name of 1 to 60 characters.")
    elif db.session.scalar(select(Organiser).where(Organiser.name == name)) is not None:
        problems.append(f"There is already an organiser called {name}.")
    if len(password or "") < MIN_PASSWORD:
        problems.append(f"The password needs at least {MIN_PASSWORD} characters.")
    return problems


def add_organiser(name: str, password: str) -> Organiser:
    """A new organiser account; ValueError with the problems when the name or password will not do."""
    name = (name or "").strip()
    problems = account_problems(name, password)
    if problems:
        raise ValueError(" ".join(problems))
    organiser = Organiser(name=name)
    organiser.set_password(password)
    db.session.add(organiser)
    db.session.commit()
    return organiser


def api_organiser(browser: bool = False) -> Organiser:
    """The organiser named by HTTP Basic auth (or, where browser is True, a logged-in browser); 401 otherwise."""
    auth = request.authorization
    if auth is not None and auth.type == "basic":
        organiser = check_login(auth.username or "", auth.password or "")
        if organiser is not None:
            return organiser
    elif browser and current_user.is_authenticated:
        return current_user
    raise refuse(401, "This needs an organiser's name and password (HTTP Basic auth).", "authorization")


organiser_cli = AppGroup("organiser", help="Organiser accounts.")


@organiser_cli.command("add")
@click.argument("name")
def add_command(name: str):
    """Add an organiser; the password comes from TREYS_PASSWORD or a prompt."""
    password = os.environ.get("TREYS_PASSWORD") or click.prompt("Password", hide_input=True,
                                                                  confirmation_prompt=True)
    try:
        add_organiser(name, password)
    except ValueError as error:
        raise click.ClickException(str(error))
    click.echo(f"Organiser {name.strip()} added.")


def init_auth(app: Flask) -> None:
    """Flask-Login and the organiser CLI on the app."""
    login_manager.init_app(app)
    app.cli.add_command(organiser_cli)
