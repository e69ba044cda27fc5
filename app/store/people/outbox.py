"""The outbox: the day's results emails kept in the database until the mail server took each one, exactly once.

A sender claims one email at a time with a single conditional UPDATE (`status = 'pending'` and its time has
come): of two senders (two server processes, the command line) only one can change the row, so only one sends
it. The claim is committed before the mail server is spoken to, and the result after: a restart loses none (a
pending email waits for the next sender) and sends none twice (an email claimed by a sender that stopped in
the middle is marked 'unsure', never sent again by itself: the organiser's page says so, with "Send again").
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from app.extensions import db
from app.store.club.models import ClubSession
from app.store.game.gamelog import Actor
from app.store.people.models import MailJob, MailStatus
from app.store.game.models import utcnow
from app.store.club.sessionlog import note_session_change, SessionEventKind
from app.store.tenancy.scope import ALL_CLUBS

#: Tries before an email that keeps failing is given up (the organiser sees it, with the server's reason).
MOST_TRIES = 6
#: An email claimed this long ago and neither sent nor failed: its sender stopped while sending (a mail server has
#: 20 seconds for each of its answers: app/members/sending.py).
CLAIM_LIFETIME = timedelta(minutes=2)


@dataclass(frozen=True)
class Letter:
    """One composed email for one member: to whom, and what it says (plain text and HTML)."""

    member_id: int
    address: str
    subject: str
    text: str
    html: str
    unsubscribe: str = ""      # the one-press stop a mail program's "unsubscribe" posts to (RFC 8058)


def queue_letters(session: ClubSession, letters: list[Letter], actor: Actor) -> int:
    """Put the day's results emails in the outbox, one per member and afternoon (a member already queued for this
    afternoon is left alone), with a line on the session's record; returns how many were added."""
    queued = set(db.session.scalars(select(MailJob.member_id).where(MailJob.session_id == session.id)))
    fresh = [letter for letter in letters if letter.member_id not in queued]
    for letter in fresh:
        db.session.add(MailJob(session_id=session.id, member_id=letter.member_id, address=letter.address,
                               subject=letter.subject[:200], text_body=letter.text, html_body=letter.html,
                               status=MailStatus.PENDING, created_by=actor.label[:80],
                               unsubscribe_url=letter.unsubscribe[:400]))
    if fresh:
        note_session_change(session, SessionEventKind.RESULTS_EMAILED, actor,
                            f"The results emailed to {len(fresh)} member{'s' if len(fresh) != 1 else ''}.")
    try:
        db.session.commit()
    except IntegrityError:          # another process queued the same afternoon at this moment: theirs stands
        db.session.rollback()
        return 0
    return len(fresh)


def jobs_of(session: ClubSession) -> list[MailJob]:
    """The afternoon's emails, by the member's address, for the organiser's page."""
    return list(db.session.scalars(select(MailJob).where(MailJob.session_id == session.id)
                                   .order_by(MailJob.address)))


def due_jobs(now: datetime | None = None, limit: int = 50) -> list[int]:
    """The ids of emails whose time has come, across every club (the senders work for the whole install)."""
    now = now or utcnow()
    mark_unsure(now)
    return list(db.session.scalars(select(MailJob.id).where(MailJob.status == MailStatus.PENDING,
                                                            MailJob.next_try_at <= now)
                                   .order_by(MailJob.id).limit(limit).execution_options(**ALL_CLUBS)))


def mark_unsure(now: datetime) -> None:
    """Emails claimed by a sender that stopped while sending: 'unsure' (not sent again by themselves)."""
    db.session.execute(update(MailJob).where(MailJob.status == MailStatus.SENDING,
                                             MailJob.claimed_at < now - CLAIM_LIFETIME)
                       .values(status=MailStatus.UNSURE,
                               last_error="Treys stopped while handing this email to the mail server: it may "
                                          "or may not have gone.").execution_options(**ALL_CLUBS))
    db.session.commit()


def claim(job_id: int, now: datetime | None = None) -> MailJob | None:
    """Take one email to send, or None when another sender took it first (one conditional UPDATE, committed)."""
    now = now or utcnow()
    taken = db.session.execute(update(MailJob).where(MailJob.id == job_id, MailJob.status == MailStatus.PENDING,
                                                     MailJob.next_try_at <= now)
                               .values(status=MailStatus.SENDING, claimed_at=now, tries=MailJob.tries + 1)
                               .execution_options(**ALL_CLUBS)).rowcount
    db.session.commit()
    if taken != 1:
        return None
    return db.session.scalar(select(MailJob).where(MailJob.id == job_id).execution_options(**ALL_CLUBS))


def mark_sent(job: MailJob, now: datetime | None = None) -> None:
    """The mail server took the email."""
    job.status, job.sent_at, job.last_error = MailStatus.SENT, now or utcnow(), ""
    db.session.commit()


def mark_failed(job: MailJob, reason: str, for_good: bool, now: datetime | None = None) -> None:
    """The mail server refused the email, or could not be reached: another try later (after 1, 2, 4 ...
    minutes, up to an hour), or none when the refusal is for good or the tries are used up."""
    now = now or utcnow()
    job.last_error = reason[:400]
    if for_good or job.tries >= MOST_TRIES:
        job.status = MailStatus.FAILED
    else:
        job.status, job.next_try_at = MailStatus.PENDING, now + timedelta(minutes=min(2 ** (job.tries - 1), 60))
    db.session.commit()


def cut_off(job: MailJob, now: datetime | None = None) -> bool:
    """True for an email whose sending was cut in the middle: unsure, or claimed longer ago than any send takes."""
    return job.status == MailStatus.UNSURE or (job.status == MailStatus.SENDING and job.claimed_at is not None
                                               and job.claimed_at < (now or utcnow()) - CLAIM_LIFETIME)


def send_again(job: MailJob) -> None:
    """The organiser asks for a failed email, or one cut off while being sent, to be tried once more."""
    if (job.status == MailStatus.FAILED or cut_off(job)) and job.address:
        job.status, job.next_try_at, job.tries = MailStatus.PENDING, utcnow(), 0
        db.session.commit()
