"""The day's results by email: queued after the write that ended the afternoon (it marked them due,
app/store/club/afternoon.py) or when the organiser asks, sent by the outbox's sender (app/members/sending.py),
and the organiser's page of who was sent what."""
from __future__ import annotations

import logging
from functools import partial

from flask import Flask, current_app, flash, redirect, render_template, request, url_for
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from app.web.sign_in import organiser_actor
from app.web.lookup import load_session
from app.extensions import db
from app.store.club.reads import members_with_addresses
from app.store.base.transaction import nothing_saved
from app.members.blueprint import bp
from app.members.composing import letters_for
from app.members.access import organiser_only
from app.members.sending import missing_mail_settings, wake_sender
from app.members.settings import full_address, members_link
from app.web.visibility import club_settings
from app.store.club.afternoon import due_afternoons, no_results_sent, results_taken
from app.store.club.models import ClubSession
from app.store.game.gamelog import Actor, ActorKind
from app.store.people.models import MailJob, MailStatus
from app.store.people.outbox import cut_off, jobs_of, queue_letters, send_again
from app.store.tenancy.scope import club_in_scope, name_of_club

log = logging.getLogger(__name__)
#: Who queued the emails when the afternoon's last game ended by itself.
TREYS = Actor(ActorKind.TREYS, "", "Treys, when the last game ended")


def address_of(endpoint: str, token: str) -> str:
    """A stop page's whole address for a member at home (this request's own when there is no other)."""
    return full_address(endpoint, stop_token=token) or url_for(endpoint, stop_token=token, _external=True)


def queue_results(session: ClubSession, actor: Actor) -> int:
    """Compose and queue the afternoon's emails (one per member who played and has an address); how many."""
    settings = club_settings()
    pairs = members_with_addresses()
    letters = letters_for(session, list(pairs), name_of_club(current_app.config["CLUB_NAME"]), members_link(settings),
                          partial(address_of, "members.stop"), settings.email_form,
                          partial(address_of, "members.stop_at_once"))
    results_taken(session)          # saved with the emails, or not at all
    return queue_letters(session, letters, actor)


@bp.post("/club/sessions/<int:session_id>/email")
@organiser_only
def email_results(session_id: int):
    """'Email the results': each member who played and has an address gets the day's results, once."""
    session = load_session(session_id)
    missing = missing_mail_settings()
    if missing:
        flash("The results cannot be emailed yet: " + missing, "error")
        return redirect(url_for("members.emails_page", session_id=session.id))
    added = queue_results(session, organiser_actor())
    wake_sender()
    flash(f"{added} email{'s' if added != 1 else ''} on the way." if added else
          "Nobody new to email: every member who played and has an address already has this afternoon's email.",
          "success")
    return redirect(url_for("members.emails_page", session_id=session.id))


@bp.get("/club/sessions/<int:session_id>/emails")
@organiser_only
def emails_page(session_id: int):
    """Who was sent what: each email's address, where it stands, and the mail server's reason for a failure."""
    session = load_session(session_id)
    jobs = jobs_of(session)
    return render_template("members/emails.html", session=session, jobs=jobs, cut=[j for j in jobs if cut_off(j)],
                           cut_off=cut_off, missing=missing_mail_settings(), status=MailStatus)


@bp.post("/club/sessions/<int:session_id>/emails/<int:job_id>/again")
@organiser_only
def send_again_page(session_id: int, job_id: int):
    """Try a failed email, or one cut off while being sent, once more."""
    session = load_session(session_id)
    job = db.session.scalar(select(MailJob).where(MailJob.id == job_id, MailJob.session_id == session.id))
    if job is not None:
        send_again(job)
        wake_sender()
        flash(f"The email to {job.address} is tried again.", "success")
    return redirect(url_for("members.emails_page", session_id=session.id))


def queue_due_results() -> int:
    """The afternoons whose results fell due (app/store/club/afternoon.py: marked by the write that ended them)
    go to the outbox, once each; a club that sends none, or an install without a mail server, takes them off
    the list as they are. How many emails were queued."""
    added = 0
    for session in due_afternoons():
        if missing_mail_settings() or not club_settings().email_when_done:
            no_results_sent(session)
            continue
        added += queue_results(session, TREYS)
    return added


#: Answers from this status on refused the request: it wrote nothing, so no results fell due by it.
REFUSED_FROM = 400


def email_due_results(response):
    """After a write (a hand, an agreement, time called, a game ended): the results of an afternoon it ended go
    to the members (once), and the sender is woken. A failure here leaves them due for the next write or the
    organiser's press: the write itself is saved."""
    if request.method in ("GET", "HEAD", "OPTIONS") or response.status_code >= REFUSED_FROM or club_in_scope() is None:
        return response
    try:
        if queue_due_results():
            wake_sender()
    except SQLAlchemyError:
        nothing_saved()
        log.exception("The results of an afternoon could not be queued for email.")
    return response


def init_results_mail(app: Flask) -> None:
    """Look for afternoons whose results fell due after every write."""
    app.after_request(email_due_results)
