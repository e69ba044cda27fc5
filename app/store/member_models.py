"""What a club keeps to reach its members at home: who reads its records, members' email addresses, and the outbox."""
from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ForeignKey, Text, UniqueConstraint, false, true
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import db
from app.store.ids import PublicIdType
from app.store.models import utcnow
from app.store.tenancy import ClubOwned


class Visibility(StrEnum):
    """Who may read a club's records (the afternoons' results, the ladder, players' pages and form charts)."""

    ACCOUNTS = "accounts"      # the club's accounts only
    LINK = "link"              # also anyone with the club's own members' link
    PUBLIC = "public"          # anyone


class MailStatus(StrEnum):
    """Where one email of the outbox stands."""

    PENDING = "pending"        # waiting for its turn (or its next try after a failure)
    SENDING = "sending"        # claimed by one sender, which is handing it to the mail server
    SENT = "sent"              # the mail server accepted it
    FAILED = "failed"          # the mail server refused it for good, or every try failed
    UNSURE = "unsure"          # Treys stopped while handing it over: it may or may not have gone


class ClubSettings(ClubOwned, db.Model):
    """A club's own choices for its members: who reads its records, its members' link, what its emails hold."""

    __tablename__ = "club_settings"

    id: Mapped[int] = mapped_column(primary_key=True)
    visibility: Mapped[str] = mapped_column(db.String(10), default=Visibility.ACCOUNTS)
    #: The members' link: random, replaced by the owner (which ends the old one). Kept as it is, so the owner
    #: can copy it again: it reads the records, never writes.
    link: Mapped[str | None] = mapped_column(db.String(64), unique=True)
    #: The day's results go out by themselves when the afternoon's last game ends.
    email_when_done: Mapped[bool] = mapped_column(default=True, server_default=true())
    #: The emails say how each player's form moved (the form guide).
    email_form: Mapped[bool] = mapped_column(default=False, server_default=false())
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)
    changed_by: Mapped[str] = mapped_column(db.String(80), default="")
    __table_args__ = (UniqueConstraint("club_id"),)


class MemberContact(ClubOwned, db.Model):
    """A member's email address, given with their consent, and the one-click link that stops the emails."""

    __tablename__ = "member_contact"

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), unique=True)
    email: Mapped[str] = mapped_column(db.String(254))
    #: The unsubscribe link's token: random, in every email, opens nothing but the stop.
    stop_token: Mapped[str] = mapped_column(db.String(64), unique=True)
    added_at: Mapped[datetime] = mapped_column(default=utcnow)
    added_by: Mapped[str] = mapped_column(db.String(80), default="")
    stopped_at: Mapped[datetime | None]


class MailJob(ClubOwned, db.Model):
    """One email of the day's results to one member, kept until the mail server took it: the outbox."""

    __tablename__ = "mail_job"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("club_session.id", ondelete="CASCADE"),
                                            index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"), index=True)
    address: Mapped[str] = mapped_column(db.String(254))
    subject: Mapped[str] = mapped_column(db.String(200))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(db.String(10), default=MailStatus.PENDING, index=True)
    tries: Mapped[int] = mapped_column(default=0)
    next_try_at: Mapped[datetime] = mapped_column(default=utcnow)
    claimed_at: Mapped[datetime | None]
    sent_at: Mapped[datetime | None]
    #: The mail server's own words when it refused (shown to the organiser).
    last_error: Mapped[str] = mapped_column(db.String(400), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    created_by: Mapped[str] = mapped_column(db.String(80), default="")
    #: One email per member per afternoon, however often the results are sent.
    __table_args__ = (UniqueConstraint("session_id", "member_id"),)
