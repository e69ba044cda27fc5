"""Organiser accounts: Flask-Login for pages, HTTP Basic for the JSON API, and the CLI to add one."""
from __future__ import annotations

import os
from functools import cache

import click
from flask import Flask, g, request
from flask.cli import AppGroup
from flask_login import LoginManager, current_user, login_user
from sqlalchemy import func, select
from werkzeug.security import check_password_hash, generate_password_hash

from app.store.people.accounts import add_account
from app.store.people.models import Organiser, Role
from app.store.tenancy.clubs import ClubProblem, chosen_club
from app.store.tenancy.scope import (account_for_sign_in, club_in_scope, database_guards_clubs, host_lookup, in_club,
                                     use_club)
from app.extensions import db
from app.store.base.brakes import count_login_failure, forget_login_failures, in_words, login_keys, login_wait
from app.reading import ascii_digits
from app.store.game.gamelog import Actor, ActorKind
from app.store.people.sign_ins import close_every_sign_in, open_sign_in, signed_in
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.rules.codes import Code

login_manager = LoginManager()
login_manager.login_view = "club.login"
login_manager.login_message = "Please log in as an organiser to run the club's afternoons."
login_manager.login_message_category = "info"

#: Shortest password an organiser may choose.
MIN_PASSWORD = 8


#: The longest sign-in key a session cookie may hold (a new_token is 43 characters).
LONGEST_KEY = 64


@login_manager.user_loader
def load_organiser(kept: str) -> Organiser | None:
    """The organiser kept in the browser's session ('id.generation.key'), while that sign-in still counts
    (signing out ended it, or "sign out everywhere" or a new password moved the account's generation on)."""
    organiser_id, generation, key = (kept.split(".", 2) + ["", ""])[:3]
    if not (ascii_digits(organiser_id) and ascii_digits(generation) and 0 < len(key) <= LONGEST_KEY
            and len(organiser_id) < 20 and len(generation) < 20):
        return None
    if database_guards_clubs():         # PostgreSQL as the hosting guide sets it up: the account's club first
        club_id = host_lookup("account", organiser_id,
                              select(Organiser.club_id).where(Organiser.id == int(organiser_id)))
        if club_id is None or club_in_scope() not in (None, club_id):     # gone, or another club's request
            return None
        use_club(club_id)               # the account's rows are read as its club's
        organiser = signed_in(int(organiser_id), int(generation), key)
    else:                               # the store's filter guards: one statement across the clubs
        organiser = signed_in(int(organiser_id), int(generation), key, any_club=True)
        if organiser is None or club_in_scope() not in (None, organiser.club_id):
            return None
        use_club(organiser.club_id)
    if organiser is not None:
        organiser.sign_in_key = key
    return organiser


def sign_in(organiser: Organiser) -> None:
    """Sign this browser in to the account: a sign-in of its own, which signing out ends alone."""
    organiser.sign_in_key = open_sign_in(organiser)
    login_user(organiser)


def end_sessions(organiser: Organiser) -> None:
    """End every browser session of the account (every sign-in ends, and its generation moves on)."""
    close_every_sign_in(organiser)


@cache
def dummy_hash() -> str:
    """A password hash to check when no account has the name: an unknown name takes as long as a wrong
    password (the time would otherwise tell which names are organisers)."""
    return generate_password_hash("not an organiser's password")


def has_organiser() -> bool:
    """True once any organiser account exists (in the club in scope; with none in scope, on the whole host)."""
    if club_in_scope() is None:
        return (host_lookup("accounts", "", select(func.count(Organiser.id))) or 0) > 0
    return db.session.scalar(select(func.count()).select_from(Organiser)) > 0


def check_login(name: str, password: str, address: str | None = None) -> Organiser | None:
    """The organiser with this name and password, else None; a 429 Refusal after too many wrong passwords
    for the name or from the address (the brake in app/store/base/brakes.py)."""
    name = (name or "").strip()
    keys = login_keys(name, address if address is not None else request.remote_addr)
    wait = login_wait(keys)
    if wait:
        raise too_many_passwords(wait)
    account = account_for_sign_in(name) if len(name) <= 60 and "\x00" not in name else None
    if check_password_hash(account.password_hash if account else dummy_hash(), password or "") and account:
        forget_login_failures(keys)
        use_club(account.club_id)            # from here on the request reads as the account's club
        return db.session.get(Organiser, account.id)
    if count_login_failure(keys):
        raise too_many_passwords(login_wait(keys) or 1)
    return None


def too_many_passwords(wait: int) -> Refusal:
    """The answer while a name or an address must wait after wrong passwords."""
    return refuse(RefusalKind.THROTTLED, f"Too many wrong passwords. Please wait {in_words(wait)} and try again.", "password",
                  Code.PASSWORD_WAIT, retry_after=max(1, wait))


def account_problems(name: str, password: str) -> list[str]:
    """What is wrong with a new organiser's name and password."""
    problems = []
    if not name or len(name) > 60:
        problems.append("Give a name of 1 to 60 characters.")
    elif host_lookup("account_name", name, select(Organiser.id).where(Organiser.name == name)) is not None:
        problems.append(f"There is already an organiser called {name}.")      # names are unique across the host
    if len(password or "") < MIN_PASSWORD:
        problems.append(f"The password needs at least {MIN_PASSWORD} characters.")
    return problems


class SetupDone(Exception):
    """Another first account was made at the same moment: this one was not."""


def add_organiser(name: str, password: str, *, founder: bool = False, role: Role | None = None,
                  club_id: int | None = None) -> Organiser:
    """A new account of the club in scope (or `club_id`); ValueError with the problems when the name or password
    will not do. The club's first account is its owner, later ones organisers unless `role` says otherwise.
    `founder`: the first-run setup's account, which the database lets exist once (SetupDone otherwise)."""
    organiser = new_organiser(name, password, founder=founder, role=role, club_id=club_id)
    if not add_account(organiser):  # the same name, or a second founder, at the same moment
        if founder:
            raise SetupDone() from None
        raise ValueError(f"There is already an organiser called {(name or '').strip()}.") from None
    return organiser


def new_organiser(name: str, password: str, *, founder: bool = False, role: Role | None = None,
                  club_id: int | None = None) -> Organiser:
    """The account add_organiser keeps, not yet saved; ValueError with the problems when the name or password
    will not do."""
    name = (name or "").strip()
    problems = account_problems(name, password)
    if problems:
        raise ValueError(" ".join(problems))
    if founder or role is None:
        role = Role.OWNER if founder or not has_organiser() else Role.ORGANISER
    organiser = Organiser(name=name, founder=True if founder else None, role=role,
                          **({"club_id": club_id} if club_id is not None else {}))
    organiser.set_password(password)
    return organiser


def change_password(organiser: Organiser, password: str) -> None:
    """A new password for the account: every session made with the old one ends."""
    if len(password or "") < MIN_PASSWORD:
        raise ValueError(f"The password needs at least {MIN_PASSWORD} characters.")
    organiser.set_password(password)
    close_every_sign_in(organiser)          # commits the new password with the end of every sign-in


def sends_basic() -> bool:
    """True when the request carries an HTTP Basic header (a user name and a password)."""
    auth = request.authorization
    return auth is not None and auth.type == "basic"


def basic_organiser() -> Organiser | None:
    """The account the request's HTTP Basic header names when its password is right, else None; checked once a
    request, so that a wrong password counts once on the brakes (a 429 Refusal while they hold)."""
    if "basic_organiser" not in g:
        auth = request.authorization
        g.basic_organiser = check_login(auth.username or "", auth.password or "", request.remote_addr)
    return g.basic_organiser


def wrong_credentials() -> Refusal:
    """The answer to an HTTP Basic header whose name and password do not match an account (the same for a name
    no account has and a wrong password)."""
    return refuse(RefusalKind.UNAUTHORISED, "That name and password do not match an organiser. Nothing was read "
                                            "or saved.", "authorization", Code.AUTHORIZATION_WRONG)


def api_organiser(browser: bool = False) -> Organiser:
    """The organiser named by HTTP Basic auth (or, where browser is True, a logged-in browser); 401 otherwise."""
    if sends_basic():
        organiser = basic_organiser()
        if organiser is not None and organiser.role == Role.VIEWER and request.method not in ("GET", "HEAD"):
            raise refuse(RefusalKind.FORBIDDEN, "This account reads the club's results and records; it changes "
                                                "nothing. Ask an organiser.", "authorization",
                         Code.AUTHORIZATION_READ_ONLY)
        if organiser is not None:
            return organiser
    elif browser and current_user.is_authenticated:
        return current_user
    raise refuse(RefusalKind.UNAUTHORISED, "This needs an organiser's name and password (HTTP Basic auth).", "authorization",
                 Code.AUTHORIZATION_MISSING)


def changes_without_code(account, game) -> bool:
    """The one rule of who changes a game without its table code, on the pages and through the API alike: an
    organiser (not a results viewer) of the game's club, signed in on a browser or named by HTTP Basic."""
    return bool(account is not None and getattr(account, "is_authenticated", False)
                and account.role != Role.VIEWER and account.club_id == game.club_id)


def organiser_actor(organiser: Organiser | None = None) -> Actor:
    """The signed-in organiser as the record of changes names them."""
    organiser = organiser or current_user
    return Actor(ActorKind.ORGANISER, str(organiser.id), f"the organiser {organiser.name}")


organiser_cli = AppGroup("organiser", help="Organiser accounts.")


@organiser_cli.command("add")
@click.argument("name")
@click.option("--club", "slug", help="The club's short name (needed once there are several clubs).")
@click.option("--role", type=click.Choice([r.value for r in Role]),
              help="owner, organiser or viewer (the club's first account is its owner; later ones organisers).")
def add_command(name: str, slug: str | None = None, role: str | None = None):
    """Add an account to a club; the password comes from TREYS_PASSWORD or a prompt."""
    try:
        club = chosen_club(slug)
    except ClubProblem as problem:
        raise click.ClickException(str(problem)) from None
    password = os.environ.get("TREYS_PASSWORD") or click.prompt("Password", hide_input=True,
                                                                  confirmation_prompt=True)
    try:
        with in_club(club.id):
            account = add_organiser(name, password, role=Role(role) if role else None, club_id=club.id)
    except ValueError as error:
        raise click.ClickException(str(error))
    click.echo(f"Organiser {name.strip()} added.")
    if account.role != Role.ORGANISER:
        click.echo(f"{name.strip()}'s role in the club: {account.role}.")


@organiser_cli.command("password")
@click.argument("name")
def password_command(name: str):
    """Give an organiser a new password (from TREYS_PASSWORD or a prompt); their sessions end."""
    organiser = db.session.scalar(select(Organiser).where(Organiser.name == name.strip()))
    if organiser is None:
        raise click.ClickException(f"There is no organiser called {name.strip()}.")
    password = os.environ.get("TREYS_PASSWORD") or click.prompt("New password", hide_input=True,
                                                                  confirmation_prompt=True)
    try:
        change_password(organiser, password)
    except ValueError as error:
        raise click.ClickException(str(error))
    click.echo(f"New password for {organiser.name}; every browser logged in as {organiser.name} is logged out.")


def init_auth(app: Flask) -> None:
    """Flask-Login and the organiser CLI on the app (the host's club CLI, app/club/hosting.py, is added by the
    factory: hosting adds accounts with this module's add_organiser)."""
    login_manager.init_app(app)
    app.cli.add_command(organiser_cli)
