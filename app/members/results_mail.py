"""The day's results by email: queued when the afternoon's last game ends or when the organiser asks, sent
after the request has committed (app/members/sending.py), and the organiser's page of who was sent what."""
from __future__ import annotations

import logging

from flask import Flask, current_app, flash, g, redirect, render_template, url_for
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from app.web.sign_in import organiser_actor
from app.web.lookup import load_session
from app.store.club.sessions import games_of
from app.extensions import db
from app.store.club.reads import members_with_addresses
from app.store.base.transaction import nothing_saved
from app.members.blueprint import bp
from app.members.composing import letters_for
from app.members.access import organiser_only
from app.members.sending import missing_mail_settings, wake_sender
from app.members.settings import full_address, members_link
from app.web.visibility import club_settings
from app.store.game.states import state_of
from app.store.club.models import ClubSession
from app.store.game.ending import time_called_moment
from app.store.game.gamelog import Actor, ActorKind
from app.store.people.models import MailJob, MailStatus
from app.store.game.models import Game
from app.store.people.outbox import jobs_of, queue_letters, send_again
from app.store.tenancy.scope import name_of_club

log = logging.getLogger(__name__)
#: Who queued the emails when the afternoon's last game ended by itself.
TREYS = Actor(ActorKind.TREYS, "", "Treys, when the last game ended")


def queue_results(session: ClubSession, actor: Actor) -> int:
    """Compose and queue the afternoon's emails (one per member who played and has an address); how many."""
    settings = club_settings()
    pairs = members_with_addresses()
    letters = letters_for(session, list(pairs), name_of_club(current_app.config["CLUB_NAME"]), members_link(settings),
                          lambda token: full_address("members.stop", stop_token=token), settings.email_form)
    return queue_letters(session, letters, actor)


def afternoon_over(session: ClubSession) -> bool:
    """Time is called (or the set end time passed) and every game of the afternoon is over, one with a result."""
    if time_called_moment(session) is None:
        return False
    outcomes = [state_of(game).outcome for game in games_of(session)]
    return bool(outcomes) and all(o.over for o in outcomes) and any(o.decided for o in outcomes)


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
    return render_template("members/emails.html", session=session, jobs=jobs_of(session),
                           missing=missing_mail_settings(), status=MailStatus)


@bp.post("/club/sessions/<int:session_id>/emails/<int:job_id>/again")
@organiser_only
def send_again_page(session_id: int, job_id: int):
    """Try a failed email once more."""
    session = load_session(session_id)
    job = db.session.scalar(select(MailJob).where(MailJob.id == job_id, MailJob.session_id == session.id))
    if job is not None:
        send_again(job)
        wake_sender()
        flash(f"The email to {job.address} is tried again.", "success")
    return redirect(url_for("members.emails_page", session_id=session.id))


@event.listens_for(Session, "after_flush")
def _note_finished_games(session, flush_context):
    """A game of a club afternoon that is now finished: its afternoon may be over (looked at after the request)."""
    for thing in session.dirty:
        if isinstance(thing, Game) and thing.session_id and thing.finished_at is not None:
            session.info.setdefault("treys_finished_afternoons", set()).add(thing.session_id)
        elif isinstance(thing, ClubSession) and thing.time_called_at is not None:
            session.info.setdefault("treys_finished_afternoons", set()).add(thing.id)


@event.listens_for(Session, "after_commit")
def _hand_on_afternoons(session):
    """Committed: the afternoons noted in this transaction wait for the request's end."""
    noted = session.info.pop("treys_finished_afternoons", None)
    if noted:
        try:
            g.setdefault("treys_afternoons", set()).update(noted)
        except RuntimeError:        # outside a request (the command line): the organiser presses the button
            pass


@event.listens_for(Session, "after_rollback")
def _forget_noted(session):
    """Rolled back: nothing of it finished."""
    session.info.pop("treys_finished_afternoons", None)


def email_finished_afternoons(response):
    """After a request that finished an afternoon's last game: its results go to the members (once)."""
    for session_id in g.pop("treys_afternoons", set()):
        try:
            session = db.session.get(ClubSession, session_id)
            if (session is None or missing_mail_settings() or not club_settings().email_when_done
                    or not afternoon_over(session)):
                continue
            if queue_results(session, TREYS):
                wake_sender()
        except Exception:               # the results were saved; the organiser can press the button later
            nothing_saved()
            log.exception("The results of an afternoon could not be queued for email.")
    return response


def init_results_mail(app: Flask) -> None:
    """Look for finished afternoons after every request."""
    app.after_request(email_finished_afternoons)
