"""The outbox sends by itself after a restart: a real SMTP server (aiosmtpd) refuses with 451, the app stops, a new
app over the same database starts its sender as a serving process does and delivers each email once, however many
processes start at once; an email cut off while being sent is shown to the organiser with "Send again"; the
afternoon's end is decided once and its results queued by the write that ends it, with a one-press stop."""
from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from app.extensions import db
from app.members.sending import send_pending, sender_of, start_sender
from app.server.factory import create_app
from app.store.club.models import ClubSession
from app.store.game.models import utcnow
from app.store.people.models import MailJob, MailStatus, MemberContact
from tests.conftest import app_config, dispose_app
from tests.web.club_support import basic, enter_hand, open_session
from tests.web.members_support import mail_settings, play_afternoon, ready_to_mail
from tests.web.smtp_support import Mailbox, serving

ADDRESSES = {"Ann": "ann@example.org", "Bob": "bob@example.org", "Cy": "cy@example.org"}
#: Longest a test waits for a sender thread to finish its look at the outbox (it is done in well under a second).
PATIENCE = 20


@pytest.fixture
def mailbox():
    return Mailbox(refuse_first=3)


@pytest.fixture
def smtp(mailbox):
    yield from serving(mailbox)


@pytest.fixture
def mailing(app, client, smtp):
    return ready_to_mail(app, client, smtp.port, ADDRESSES)


def statuses(app) -> list[tuple[str, str, int]]:
    with app.app_context():
        found = [(job.address, job.status, job.tries)
                 for job in db.session.scalars(select(MailJob).order_by(MailJob.address))]
        db.session.remove()
        return found


def until(check, what: str):
    """Wait for a sender thread's look at the outbox to have done `check` (a correctness wait, not a timing)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def restarted(app, port: int):
    """A new serving process over the same database (its start-up as the server's)."""
    return create_app(app_config(app.config["SQLALCHEMY_DATABASE_URI"], **mail_settings(port)))


def a_minute_passes(app) -> None:
    """The retries' minute is over (the clock of the outbox moved on rather than the test waiting)."""
    with app.app_context():
        db.session.execute(update(MailJob).values(next_try_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()


def test_waiting_emails_go_by_themselves_after_a_restart_and_each_only_once(app, mailing, mailbox, smtp):
    play_afternoon(mailing)                         # the last hand's write queues the results
    first = sender_of(app)
    first.start()
    until(lambda: [s[1:] for s in statuses(app)] == [(MailStatus.PENDING, 1)] * 3, "three refusals")
    first.stop()                                    # the server process ends (a restart)
    assert mailbox.messages == []
    a_minute_passes(app)
    workers = [restarted(app, smtp.port) for _ in range(3)]        # several workers start at once
    try:
        assert all(start_sender(worker) for worker in workers)
        until(lambda: len(mailbox.messages) >= 3 and all(s[1] == MailStatus.SENT for s in statuses(app)),
              "every email delivered")
        for worker in workers:
            sender_of(worker).stop()
        assert sorted(m["To"] for m in mailbox.messages) == sorted(ADDRESSES.values())     # once each
        assert [s[2] for s in statuses(app)] == [2, 2, 2]
    finally:
        for worker in workers:
            sender_of(worker).stop()
            dispose_app(worker)


def test_a_sender_not_started_by_a_server_sends_nothing_by_itself(app, mailing, mailbox):
    play_afternoon(mailing)
    assert not app.extensions.get("treys_mail_sender")         # tests and commands: no thread of their own
    assert [s[1] for s in statuses(app)] == [MailStatus.PENDING] * 3


def test_an_email_cut_off_while_being_sent_is_shown_with_send_again(app, mailing):
    doc = play_afternoon(mailing)
    with app.app_context():
        db.session.execute(update(MailJob).where(MailJob.address == "ann@example.org").values(
            status=MailStatus.SENDING, claimed_at=utcnow() - timedelta(minutes=3), tries=1))
        db.session.commit()
    page = mailing.get(f"/club/sessions/{doc['id']}/emails").get_data(as_text=True)
    assert "1 email was\n    cut off while being sent" in page and "Cut off while being sent" in page
    with app.app_context():
        job_id = db.session.scalar(select(MailJob.id).where(MailJob.address == "ann@example.org"))
    assert mailing.post(f"/club/sessions/{doc['id']}/emails/{job_id}/again").status_code == 302
    assert ("ann@example.org", MailStatus.PENDING, 0) in statuses(app)


def test_the_results_fall_due_with_the_last_tables_agreement_not_before(app, mailing):
    opened = open_session(mailing, players=["Ann", "Bob", "Cy", "Di"], agreement=True).get_json()
    assert mailing.post(f"/api/v1/sessions/{opened['id']}/call-time", headers=basic()).status_code == 200
    table = opened["tables"][0]
    assert enter_hand(mailing, table, points=(300, 100)).status_code == 201
    with app.app_context():
        assert db.session.get(ClubSession, opened["id"]).results_due_at is None    # the hand awaits agreement
    assert statuses(app) == []
    board = mailing.get(f"/club/sessions/{opened['id']}/board.json").get_json()
    assert board["afternoon_over"] is False
    agreed = mailing.post(f"/api/v1/games/{table['game_id']}/hands/1/agreement",
                          json={"agreed": True, "player": table["teams"][1][0]},
                          headers={"X-Table-Code": table["table_code"]})
    assert agreed.status_code == 200, agreed.get_data(as_text=True)
    assert [s[0] for s in statuses(app)] == ["ann@example.org", "bob@example.org", "cy@example.org"]
    with app.app_context():
        assert db.session.get(ClubSession, opened["id"]).results_due_at is None    # taken by the outbox
    assert mailing.get(f"/club/sessions/{opened['id']}/board.json").get_json()["afternoon_over"] is True


def test_each_email_carries_a_one_press_stop_that_a_mail_program_posts_to(app, mailing, mailbox, smtp):
    mailbox.refuse_first = 0
    play_afternoon(mailing)
    with app.app_context():
        assert send_pending(app.config)["sent"] == 3
    message = mailbox.to("ann@example.org")[0]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    address = str(message["List-Unsubscribe"]).strip().strip("<>")
    assert address.startswith("http") and address.endswith("/at-once")
    path = address.split("://", 1)[1].split("/", 1)[1]
    with app.app_context():
        token = db.session.scalar(select(MemberContact.stop_token).join_from(
            MemberContact, MailJob, MailJob.member_id == MemberContact.member_id)
            .where(MailJob.address == "ann@example.org"))
    assert path == f"stop/{token}/at-once"
    guarded = create_app(app_config(app.config["SQLALCHEMY_DATABASE_URI"], WTF_CSRF_ENABLED=True))
    try:
        browser = guarded.test_client()
        for page in (f"/stop/{token}", "/" + path):     # the email's link, and a GET of the one-press address:
            shown = browser.get(page).get_data(as_text=True)        # the page and its button, stopping nothing
            assert "Stop the emails" in shown and f'action="/stop/{token}"' in shown
        assert browser.post(f"/stop/{token}").status_code == 400        # the page's own form needs its token
        with app.app_context():
            assert db.session.scalar(select(MemberContact.stopped_at).where(MemberContact.stop_token == token)) is None
        posted = guarded.test_client().post("/" + path, data={"List-Unsubscribe": "One-Click"})
        assert posted.status_code == 200 and "No more emails" in posted.get_data(as_text=True)
        with app.app_context():
            assert db.session.scalar(select(MemberContact.stopped_at).where(MemberContact.stop_token == token))
    finally:
        dispose_app(guarded)
