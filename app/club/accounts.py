"""Organiser pages: the first account (setup), log in and log out."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import login_user, logout_user

from app.club.auth import account_problems, add_organiser, check_login, has_organiser
from app.club.blueprint import bp


def safe_target(target: str | None) -> str:
    """Where to go after logging in: a page of this site, else the club page."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return url_for("club.index")


@bp.route("/setup", methods=["GET", "POST"])
def setup():
    """The first organiser account, only while there is none."""
    if has_organiser():
        abort(404, "Setup is done: an organiser account exists. Log in instead.")
    problems: list[str] = []
    name = (request.form.get("name") or "").strip()
    if request.method == "POST":
        password = request.form.get("password") or ""
        problems = account_problems(name, password)
        if password != (request.form.get("confirm") or ""):
            problems.append("The two passwords differ: type the same password twice.")
        if not problems:
            login_user(add_organiser(name, password))
            flash(f"Welcome, {name}: your organiser account is ready.", "success")
            return redirect(url_for("club.index"))
    return render_template("club/setup.html", name=name, problems=problems), 422 if problems else 200


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Log in as an organiser."""
    if not has_organiser():
        return redirect(url_for("club.setup"))
    error = None
    name = (request.form.get("name") or "").strip()
    if request.method == "POST":
        organiser = check_login(name, request.form.get("password") or "")
        if organiser is not None:
            login_user(organiser)
            return redirect(safe_target(request.args.get("next")))
        error = "That name and password do not match an organiser. Check them and try again."
    return render_template("club/login.html", name=name, error=error), 401 if error else 200


@bp.post("/logout")
def logout():
    """Log out."""
    logout_user()
    flash("You are logged out.", "info")
    return redirect(url_for("games.home"))
