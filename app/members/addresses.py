"""Members' email addresses, given with their consent: the organiser's list, the one-click stop, and removing a
member's personal data."""
from __future__ import annotations

from flask import Response, flash, redirect, render_template, request, url_for
from flask_login import current_user
from sqlalchemy import func, select

from app.extensions import db
from app.members.blueprint import bp
from app.members.access import organiser_only, owner_only
from app.render.csv_text import CSV_TYPE, to_csv
from app.store.base.clubtime import club_today
from app.store.club.models import Member
from app.store.people.members import contact_of_stop, contacts, forget_member, set_address, stop_emails
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as, status_for


@bp.get("/club/members/emails")
@organiser_only
def addresses_page():
    """Every player on the club's list with their address (if they gave one) and whether they stopped the emails."""
    members = list(db.session.scalars(select(Member).order_by(func.lower(Member.name))))
    return render_template("members/addresses.html", members=members, contacts=contacts(), problems={})


@bp.post("/club/members/<int:member_id>/email")
@organiser_only
def save_address(member_id: int):
    """Give a member an address (they agreed to the club's emails), or take it away (an empty box)."""
    member = db.session.get(Member, member_id) or abort_as(RefusalKind.NOT_FOUND)
    problems = set_address(member, request.form.get("email", ""), current_user.name)
    if problems:
        members = list(db.session.scalars(select(Member).order_by(func.lower(Member.name))))
        return render_template("members/addresses.html", members=members, contacts=contacts(),
                               problems={member.id: problems[0].message}), status_for(RefusalKind.INVALID)
    flash(f"{member.name}'s email address is saved." if request.form.get("email", "").strip() else
          f"{member.name} has no email address now.", "success")
    return redirect(url_for("members.addresses_page") + f"#member-{member.id}")


@bp.post("/club/members/<int:member_id>/forget")
@organiser_only
def forget(member_id: int):
    """Remove a member's personal data: their name is replaced and their address goes; their games keep their
    figures."""
    member = db.session.get(Member, member_id) or abort_as(RefusalKind.NOT_FOUND)
    if request.form.get("confirmed") != "yes":
        flash("Nothing was changed: tick the box to confirm, then press the button again.", "error")
        return redirect(url_for("members.addresses_page") + f"#member-{member.id}")
    old = member.name
    new = forget_member(member)
    flash(f"{old}'s personal data is removed: their games now say “{new}”.", "success")
    return redirect(url_for("members.addresses_page"))


@bp.route("/stop/<stop_token>", methods=["GET", "POST"])
def stop(stop_token: str):
    """The stop in every email: one press of a button, no sign-in; the address gets no more of the club's emails
    (opening the link alone changes nothing: mail programs that open links to check them stop nothing)."""
    contact = contact_of_stop(stop_token)
    if contact is None:
        abort_as(RefusalKind.NOT_FOUND,
                 "This link stops nothing: the address was removed, or the link was copied wrongly.")
    if request.method == "POST":
        stop_emails(contact)
    return render_template("members/stopped.html", token=stop_token, stopped=request.method == "POST")


@bp.route("/stop/<stop_token>/at-once", methods=["GET", "POST"])
def stop_at_once(stop_token: str):
    """Where a mail program's own "unsubscribe" stops the emails with one press (List-Unsubscribe-Post, RFC 8058):
    its POST stops them, with no form and no CSRF token (the token in the address is the proof); a GET is the
    stop page of the email's link, unchanged."""
    if request.method == "GET":
        return stop(stop_token)
    contact = contact_of_stop(stop_token)
    if contact is None:
        abort_as(RefusalKind.NOT_FOUND,
                 "This link stops nothing: the address was removed, or the link was copied wrongly.")
    stop_emails(contact)
    return render_template("members/stopped.html", token=stop_token, stopped=True)


#: The members' list's columns: the only CSV that holds email addresses, and only when the owner asks for it.
LIST_COLUMNS = ["player", "email", "stopped_emails"]


@bp.get("/club/members/list.csv")
@owner_only
def members_list():
    """The members' list with their addresses, for the owner (the exports never hold addresses)."""
    found = contacts()
    rows = [{"player": m.name, "email": found[m.id].email if m.id in found else "",
             "stopped_emails": bool(m.id in found and found[m.id].stopped_at)}
            for m in db.session.scalars(select(Member).order_by(func.lower(Member.name)))]
    return Response(to_csv(LIST_COLUMNS, rows), content_type=CSV_TYPE,
                    headers={"Content-Disposition": f"attachment; filename=treys-members-{club_today()}.csv"})
