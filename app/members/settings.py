"""The owner's settings page for the members: who reads the club's records, the members' link, the emails."""
from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_login import current_user

from app.members.blueprint import bp
from app.members.access import owner_only
from app.members.sending import missing_mail_settings
from app.web.visibility import club_settings
from app.store.people.models import Visibility
from app.store.people.members import replace_link, save_settings
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as

#: The three choices, in the owner's words.
VISIBILITY_WORDS = {
    Visibility.ACCOUNTS: "Only the club's accounts (owners, organisers and results viewers)",
    Visibility.LINK: "Anyone with the club's members' link (give it to the members; nobody finds it by guessing)",
    Visibility.PUBLIC: "Anyone at all: the results are public",
}


def full_address(endpoint: str, **values) -> str:
    """A page's whole address for a member at home: under PUBLIC_URL when it is set (the name the club is reached
    by), else the address this request came to."""
    root = current_app.config.get("PUBLIC_URL")
    return root + url_for(endpoint, **values) if root else url_for(endpoint, _external=True, **values)


def members_link(settings) -> str | None:
    """The members' page's full address, while the club shares it."""
    if settings.visibility == Visibility.ACCOUNTS or not settings.link:
        return None
    return full_address("members.home", link=settings.link)


@bp.get("/club/settings")
@owner_only
def settings_page():
    """Who reads the club's records, the members' link and the emails' options."""
    settings = club_settings()
    return render_template("members/settings.html", settings=settings, choices=VISIBILITY_WORDS,
                           link=members_link(settings), missing=missing_mail_settings())


@bp.post("/club/settings")
@owner_only
def save_settings_page():
    """Save the owner's choices."""
    try:
        visibility = Visibility(request.form.get("visibility", ""))
    except ValueError:
        abort_as(RefusalKind.BAD_REQUEST,
                 "Choose who may read the club's records: its accounts, anyone with the link, or anyone.")
    settings = save_settings(club_settings(), visibility=visibility,
                             email_when_done=request.form.get("email_when_done") == "1",
                             email_form=request.form.get("email_form") == "1", by=current_user.name)
    flash("Saved. " + {Visibility.ACCOUNTS: "Only the club's accounts read its records.",
                       Visibility.LINK: "Members read the records with the link below.",
                       Visibility.PUBLIC: "Anyone can read the club's records."}[settings.visibility], "success")
    return redirect(url_for("members.settings_page"))


@bp.post("/club/settings/link")
@owner_only
def new_link_page():
    """A new members' link: the old one stops working at once."""
    replace_link(club_settings(), current_user.name)
    flash("The members' link is new: the old one no longer opens anything. Give the new one to the members.",
          "success")
    return redirect(url_for("members.settings_page"))
