"""The club's accounts: the owner lists them, makes one-time links for new ones, and removes them; roles guard
what each account may do."""
from __future__ import annotations

from datetime import timedelta

from flask import flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required
from sqlalchemy import select

from app.web.sign_in import new_organiser, sign_in
from app.club.blueprint import bp
from app.extensions import db
from app.store.people import accounts as account_store
from app.store.people.accounts import Joined, add_invitation, join_by_invitation
from app.store.people.models import Invitation, Organiser, Role
from app.store.game.models import utcnow
from app.store.people.tokens import new_token, token_hash
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as, status_for

#: A one-time link works this long.
LINK_LIFETIME = timedelta(days=7)
#: Pages for the owner alone: accounts, backup and restore.
OWNER_ONLY = {"club.accounts", "club.invite", "club.remove_account", "records.backup", "records.sqlite_copy",
              "records.restore_upload", "records.restore_confirm"}
#: The blueprints of the organiser's tools (a tablet's pages are guarded by the table code instead).
ORGANISER_TOOLS = {"club", "club_api", "records"}
#: What a viewer may still send: logging out (here or everywhere) and changing their own password.
VIEWER_MAY_SEND = {"club.logout", "club.logout_everywhere", "club.password"}
READING = {"GET", "HEAD", "OPTIONS"}
ROLE_WORDS = {Role.OWNER: "owner (accounts, backup and restore, and all an organiser does)",
              Role.ORGANISER: "organiser (sessions, players, seasons, results)",
              Role.VIEWER: "results viewer (reads results and records, changes nothing)"}


def guard_roles():
    """Before each request of a signed-in account: the owner's pages and a viewer's writes are refused."""
    if request.blueprint not in ORGANISER_TOOLS or not current_user.is_authenticated:
        return
    role = current_user.role
    if request.endpoint in OWNER_ONLY and role != Role.OWNER:
        abort_as(RefusalKind.FORBIDDEN,
                 "Only the club's owner can do this (accounts, backup and restore). Ask your club's owner.")
    if role == Role.VIEWER and request.method not in READING and request.endpoint not in VIEWER_MAY_SEND:
        abort_as(RefusalKind.FORBIDDEN,
                 "Your account reads the club's results and records; it changes nothing. Ask an organiser.")


@bp.get("/club/accounts")
@login_required
def accounts():
    """The club's accounts and their roles, and a form for a one-time link."""
    people = list(db.session.scalars(select(Organiser).order_by(Organiser.name)))
    return render_template("club/accounts.html", people=people, roles=ROLE_WORDS, link=None)


@bp.post("/club/accounts/invite")
@login_required
def invite():
    """A one-time link for a new account with the chosen role, shown once on this page (no email needed)."""
    try:
        role = Role(request.form.get("role", ""))
    except ValueError:
        abort_as(RefusalKind.BAD_REQUEST, "Choose what the new account may do: owner, organiser or viewer.")
    token = new_token()
    add_invitation(token, role, current_user.name, utcnow() + LINK_LIFETIME)
    people = list(db.session.scalars(select(Organiser).order_by(Organiser.name)))
    link = url_for("club.join", token=token, _external=True)
    return render_template("club/accounts.html", people=people, roles=ROLE_WORDS, link=link, link_role=role)


@bp.post("/club/accounts/<int:account_id>/remove")
@login_required
def remove_account(account_id: int):
    """Remove another account of the club (never the owner's own): its sessions end at once."""
    person = db.session.get(Organiser, account_id)
    if person is None:
        abort_as(RefusalKind.NOT_FOUND)
    if person.id == current_user.id:
        abort_as(RefusalKind.CONFLICT, "You cannot remove your own account. Another owner can.")
    account_store.remove_account(person)
    flash(f"The account {person.name} is removed.", "success")
    return redirect(url_for("club.accounts"))


def open_invitation(token: str) -> Invitation:
    """The waiting invitation of this link, else 404 (used, run out, or never made)."""
    invitation = db.session.scalar(select(Invitation).where(Invitation.token_hash == token_hash(token)))
    if invitation is None or invitation.used_at is not None or invitation.expires_at < utcnow():
        abort_as(RefusalKind.NOT_FOUND,
                 "This link has been used, or its week is over, or it was never made. Ask the club's owner "
                 "for a new one.")
    return invitation


@bp.route("/join/<token>", methods=["GET", "POST"])
def join(token: str):
    """A new account from a one-time link: a name and a password, then signed in."""
    invitation = open_invitation(token)
    problems: list[str] = []
    name = (request.form.get("name") or "").strip()
    if request.method == "POST":
        password = request.form.get("password") or ""
        if password != (request.form.get("confirm") or ""):
            problems.append("The two passwords differ: type the same password twice.")
        if not problems:
            try:
                person = new_organiser(name, password, role=Role(invitation.role))
            except ValueError as error:
                problems.append(str(error))
            else:
                joined = join_by_invitation(invitation, person)
                if joined is Joined.LINK_USED:
                    abort_as(RefusalKind.NOT_FOUND, "This link has just been used. Ask the club's owner for a new one.")
                if joined is Joined.NAME_TAKEN:
                    problems.append(f"There is already an organiser called {name}.")
            if not problems:
                sign_in(person)
                flash(f"Welcome, {person.name}: your account is ready.", "success")
                return redirect(url_for("club.index"))
    return render_template("club/join.html", name=name, problems=problems, role=ROLE_WORDS[Role(invitation.role)]), \
        status_for(RefusalKind.INVALID if problems else None)
