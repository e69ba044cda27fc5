"""Organiser pages: the first account (setup), log in and log out."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, session, url_for
from flask_login import current_user, login_required, logout_user

from app.web.sign_in import (SetupDone, account_problems, add_organiser, change_password, check_login, end_sessions,
                             has_organiser, sign_in)
from app.store.people.sign_ins import close_sign_in
from app.store.tenancy.scope import home_club_id, use_club
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import abort_as, status_for, status_of
from app.club.blueprint import bp
from app.reading import safe_redirect


def safe_target(target: str | None) -> str:
    """Where to go after logging in: a page of this site, else the club page."""
    return safe_redirect(target, url_for("club.index"))


@bp.route("/setup", methods=["GET", "POST"])
def setup():
    """The first organiser account, only while there is none."""
    if has_organiser():
        abort_as(RefusalKind.NOT_FOUND, "Setup is done: an organiser account exists. Log in instead.")
    problems: list[str] = []
    name = (request.form.get("name") or "").strip()
    session.pop("_flashes", None)     # "Please log in" from the page that sent here: there is no account to log in to yet
    if request.method == "POST":
        password = request.form.get("password") or ""
        problems = account_problems(name, password)
        if password != (request.form.get("confirm") or ""):
            problems.append("The two passwords differ: type the same password twice.")
        if not problems:
            use_club(home_club_id())        # the first account is the first club's
            try:
                organiser = add_organiser(name, password, founder=True)
            except SetupDone:
                abort_as(RefusalKind.NOT_FOUND, "Setup is done: an organiser account exists. Log in instead.")
            except ValueError as error:
                problems = [str(error)]
            else:
                sign_in(organiser)
                flash(f"Welcome, {name}: your organiser account is ready.", "success")
                return redirect(url_for("club.index"))
    return (render_template("club/setup.html", name=name, problems=problems),
            status_for(RefusalKind.INVALID if problems else None))


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Log in as an organiser: a name no account has and a wrong password get the same answer (and both count
    on the brakes), whichever club the name is in."""
    if not has_organiser():                 # no account on the whole host yet
        return redirect(url_for("club.setup"))
    error, status = None, 200
    name = (request.form.get("name") or "").strip()
    if request.method == "POST":
        try:
            organiser = check_login(name, request.form.get("password") or "")
        except Refusal as refusal:          # too many wrong passwords: wait
            organiser, error, status = None, str(refusal), status_of(refusal)
        else:
            if organiser is not None:
                sign_in(organiser)
                return redirect(safe_target(request.args.get("next")))
            error = "That name and password do not match an organiser. Check them and try again."
            status = status_for(RefusalKind.UNAUTHORISED)
    return render_template("club/login.html", name=name, error=error), status


@bp.post("/logout")
def logout():
    """Log out this browser: its sign-in ends on the server too (a copy of the cookie no longer works); the
    account's other browsers stay signed in."""
    if current_user.is_authenticated and current_user.sign_in_key:
        close_sign_in(current_user.sign_in_key)
    logout_user()
    flash("You are logged out.", "info")
    return redirect(url_for("games.home"))


@bp.post("/logout/everywhere")
def logout_everywhere():
    """Log out every browser and tablet signed in to the account, this one too."""
    if current_user.is_authenticated:
        end_sessions(current_user._get_current_object())
    logout_user()
    flash("You are logged out on every computer and tablet.", "info")
    return redirect(url_for("games.home"))


@bp.route("/club/password", methods=["GET", "POST"])
@login_required
def password():
    """Change the organiser's password: every other browser logged in as them is logged out."""
    problems: list[str] = []
    if request.method == "POST":
        new = request.form.get("password") or ""
        if not current_user.check_password(request.form.get("current") or ""):
            problems.append("The current password is not right.")
        if new != (request.form.get("confirm") or ""):
            problems.append("The two new passwords differ: type the same password twice.")
        if not problems:
            try:
                change_password(current_user, new)
            except ValueError as error:
                problems.append(str(error))
            else:
                sign_in(current_user._get_current_object())   # this browser goes on with the new generation
                flash("Your password is changed. Other browsers logged in as you are logged out.", "success")
                return redirect(url_for("club.index"))
    return (render_template("club/password.html", problems=problems),
            status_for(RefusalKind.INVALID if problems else None))
