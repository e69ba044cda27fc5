"""Sending the outbox through the install's mail server (the standard library's smtplib and email): a small
thread in every serving process, started with it (waitress's `treys serve`, each gunicorn worker), that works the
outbox at once and then once a minute for retries, and sooner when a request queued emails; and the
`treys mail send` command for a host that prefers a timer. Every email is claimed in the database first
(app/store/people/outbox.py), so however many processes start at once none is sent twice."""
from __future__ import annotations

import logging
import smtplib
import ssl
import threading
from email.message import EmailMessage
from email.utils import formataddr, make_msgid

import click
from flask import Flask, current_app
from flask.cli import AppGroup
from sqlalchemy.exc import SQLAlchemyError

from app.extensions import db
from app.store.base.transaction import nothing_saved
from app.store.people import outbox
from app.store.people.models import MailJob
from app.store.tenancy.scope import Club, home_club_id

log = logging.getLogger(__name__)
#: Seconds between two looks at the outbox when nothing wakes the sender (failed emails' next tries).
POLL_SECONDS = 60
#: Seconds a mail server has to answer.
SERVER_SECONDS = 20
#: SMTP's replies from 500 up refuse for good (from 400: try again later).
PERMANENT = 500


def missing_mail_settings(config=None) -> str:
    """What the install lacks to send email, in a sentence for the owner ('' when nothing is missing)."""
    config = config or current_app.config
    missing = [words for key, words in (("MAIL_HOST", "the mail server's name (TREYS_MAIL_HOST)"),
                                        ("MAIL_FROM", "the address emails come from (TREYS_MAIL_FROM)"))
               if not config.get(key)]
    if not missing:
        return ""
    return ("whoever looks after this Treys must set " + " and ".join(missing) +
            " (the hosting guide, 'Email', says how).")


def club_name_of(club_id: int, config) -> str:
    """The sender's name: the club's (the first club goes by the CLUB_NAME setting)."""
    if club_id == home_club_id():
        return config["CLUB_NAME"]
    club = db.session.get(Club, club_id)
    return club.name if club is not None else config["CLUB_NAME"]


def message_of(job: MailJob, config) -> EmailMessage:
    """The email as the mail server takes it: plain text, with the HTML as the alternative."""
    message = EmailMessage()
    message["Subject"] = job.subject
    message["From"] = formataddr((club_name_of(job.club_id, config), config["MAIL_FROM"]))
    message["To"] = job.address
    message["Message-ID"] = make_msgid(domain=config["MAIL_FROM"].rpartition("@")[2] or None)
    message["Auto-Submitted"] = "auto-generated"
    if job.unsubscribe_url:             # a mail program's own "unsubscribe" stops them with one press (RFC 8058)
        message["List-Unsubscribe"] = f"<{job.unsubscribe_url}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(job.text_body)
    message.add_alternative(job.html_body, subtype="html")
    return message


def connect(config) -> smtplib.SMTP:
    """A connection to the install's mail server, with TLS as set, signed in when an account is set."""
    host, port, tls = config["MAIL_HOST"], config["MAIL_PORT"], config["MAIL_TLS"]
    if tls == "ssl":
        server = smtplib.SMTP_SSL(host, port, timeout=SERVER_SECONDS, context=ssl.create_default_context())
    else:
        server = smtplib.SMTP(host, port, timeout=SERVER_SECONDS)
        if tls == "starttls":
            server.starttls(context=ssl.create_default_context())
    if config.get("MAIL_USER"):
        server.login(config["MAIL_USER"], config.get("MAIL_PASSWORD", ""))
    return server


def refusal_of(error: Exception) -> tuple[str, bool]:
    """The mail server's reason in words, and whether it is for good (a 5xx refusal of this address)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        code, words = next(iter(error.recipients.values()))
        return f"{code} {words.decode(errors='replace') if isinstance(words, bytes) else words}", code >= PERMANENT
    if isinstance(error, smtplib.SMTPResponseException):
        words = error.smtp_error.decode(errors="replace") if isinstance(error.smtp_error, bytes) else error.smtp_error
        return f"{error.smtp_code} {words}", False
    return f"The mail server could not be reached: {error}", False


def send_pending(config=None, now=None) -> dict[str, int]:
    """Send every email whose time has come, each once; returns how many were sent and how many failed."""
    config = config or current_app.config
    counts = {"sent": 0, "failed": 0}
    if missing_mail_settings(config):
        return counts
    due = outbox.due_jobs(now)
    if not due:
        return counts
    server = None
    for job_id in due:
        job = outbox.claim(job_id, now)
        if job is None:
            continue                        # another sender has it
        try:
            server = server or connect(config)
            server.send_message(message_of(job, config))
        except (smtplib.SMTPException, OSError) as error:
            reason, for_good = refusal_of(error)
            outbox.mark_failed(job, reason, for_good, now)
            counts["failed"] += 1
            server = quit_quietly(server) if not isinstance(error, smtplib.SMTPRecipientsRefused) else server
            continue
        outbox.mark_sent(job, now)
        counts["sent"] += 1
    quit_quietly(server)
    return counts


def quit_quietly(server: smtplib.SMTP | None) -> None:
    """Close the connection, whatever state it is in."""
    if server is not None:
        try:
            server.quit()
        except (smtplib.SMTPException, OSError):
            server.close()
    return None


class Sender:
    """The process's sending thread: it works the outbox when started, then sleeps until woken (emails were
    queued) or a minute has passed."""

    def __init__(self, app: Flask):
        self.app, self.wake_up, self.thread, self.lock = app, threading.Event(), None, threading.Lock()
        self.stopping = threading.Event()

    def start(self) -> None:
        """Start the thread, once (it works the outbox at once)."""
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self.run, name="treys-mail", daemon=True)
                self.thread.start()

    def wake(self) -> None:
        """Look at the outbox now (the thread started on first use, where the server did not start it)."""
        self.start()
        self.wake_up.set()

    def stop(self) -> None:
        """End the thread after its look at the outbox in hand (an email being sent is sent or marked first)."""
        self.stopping.set()
        self.wake_up.set()
        if self.thread is not None:
            self.thread.join()

    def run(self) -> None:
        """Send what is due, then wait; until stopped."""
        while not self.stopping.is_set():
            self.work()
            self.wake_up.wait(POLL_SECONDS)
            self.wake_up.clear()

    def work(self) -> None:
        """One look at the outbox: every email whose time has come, each once."""
        with self.app.app_context():
            try:
                send_pending()
            except SQLAlchemyError:         # the database is away: the next look tries again
                log.exception("The outbox could not be read; trying again in a minute.")
                nothing_saved()
            finally:
                db.session.remove()


def sender_of(app: Flask) -> Sender:
    """The process's one sender."""
    return app.extensions.setdefault("treys_mail_sender", Sender(app))


def start_sender(app: Flask) -> bool:
    """At a serving process's start: its sender works the outbox now and on its schedule (emails left waiting
    before a restart go by themselves). Nothing to start without a mail server; True when started."""
    if missing_mail_settings(app.config):
        return False
    sender_of(app).start()
    return True


def wake_sender() -> None:
    """After a request queued emails: the process's sender looks at the outbox (not under tests: they send
    with send_pending themselves, or set MAIL_SEND_AT_ONCE)."""
    app = current_app._get_current_object()
    if missing_mail_settings() or (app.testing and not app.config.get("MAIL_SEND_AT_ONCE")):
        return
    sender_of(app).wake()


mail_cli = AppGroup("mail", help="The day's results by email.")


@mail_cli.command("send")
def send_command():
    """Send every email waiting in the outbox (each once, whichever process sends it)."""
    missing = missing_mail_settings()
    if missing:
        raise click.ClickException("No email can be sent: " + missing)
    counts = send_pending()
    click.echo(f"{counts['sent']} sent, {counts['failed']} not sent (they are tried again later).")


def init_sending(app: Flask) -> None:
    """The `mail` commands on the app."""
    app.cli.add_command(mail_cli)
