"""The one write path of each change to a club's members' settings, their email addresses and their personal data."""
from __future__ import annotations

import re
import secrets

from sqlalchemy import func, or_, select, update

from app.extensions import db
from app.rules import Problem
from app.rules.codes import Code
from app.store.club.models import ClubSession, Member, SessionEvent, Substitution
from app.store.people.models import ClubSettings, MailJob, MemberContact, Visibility
from app.store.game.models import Game, GameEvent, Player, utcnow
from app.store.stamps import session_moved
from app.store.tenancy.scope import ALL_CLUBS

#: An address as a person types it: something@somewhere.tld, no spaces; the mail server has the last word.
ADDRESS = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[^@\s<>,;\".]+$")
LONGEST_ADDRESS = 254


def new_link() -> str:
    """A fresh, unguessable token for the members' link or an unsubscribe link."""
    return secrets.token_urlsafe(24)


def settings_of_club(records_public: bool = False, first_club: bool = False) -> ClubSettings:
    """The club in scope's settings (not saved until changed): a club that never chose starts with its records
    for its accounts only; the first club of an install that had RECORDS_PUBLIC on starts public."""
    settings = db.session.scalar(select(ClubSettings))
    if settings is None:
        settings = ClubSettings(visibility=Visibility.PUBLIC if records_public and first_club else Visibility.ACCOUNTS,
                                email_when_done=True, email_form=False)
    return settings


def club_of_link(link: str) -> int | None:
    """The club whose members' link this is, while it lets the link in (shared by link, or public)."""
    if not link or len(link) > 64:
        return None
    return db.session.scalar(select(ClubSettings.club_id).where(
        ClubSettings.link == link, ClubSettings.visibility.in_([Visibility.LINK, Visibility.PUBLIC]))
        .execution_options(**ALL_CLUBS))


def save_settings(settings: ClubSettings, *, visibility: Visibility, email_when_done: bool, email_form: bool,
                  by: str) -> ClubSettings:
    """The owner's choices, saved at once; a club shared by link or public gets its link the first time."""
    settings.visibility = visibility
    settings.email_when_done = email_when_done
    settings.email_form = email_form
    if visibility != Visibility.ACCOUNTS and not settings.link:
        settings.link = new_link()
    settings.changed_at, settings.changed_by = utcnow(), by
    db.session.add(settings)
    db.session.commit()
    return settings


def replace_link(settings: ClubSettings, by: str) -> ClubSettings:
    """A new members' link: the old one opens nothing from now on."""
    settings.link = new_link()
    settings.changed_at, settings.changed_by = utcnow(), by
    db.session.add(settings)
    db.session.commit()
    return settings


def clean_address(text: str | None) -> str:
    """An address with its spaces trimmed; the domain in small letters."""
    text = (text or "").strip()
    local, at, domain = text.rpartition("@")
    return f"{local}@{domain.lower()}" if at else text


def address_problems(address: str, field: str = "email") -> list[Problem]:
    """What is wrong with an email address as typed ('' is no address: none to check)."""
    if not address:
        return []
    if len(address) > LONGEST_ADDRESS or not ADDRESS.match(address) or not address.isprintable():
        return [Problem(field, f"“{address[:60]}” does not look like an email address: it should be like "
                               "ann.smith@example.org, with no spaces.", Code.EMAIL_INVALID)]
    return []


def contacts() -> dict[int, MemberContact]:
    """Every member's address, by the member's id."""
    return {contact.member_id: contact for contact in db.session.scalars(select(MemberContact))}


def note_address(member: Member, address: str, by: str) -> MemberContact | None:
    """Give the member this address (a new address starts the emails again), or take it away ('');
    not committed: the caller's change commits it (a form, an import)."""
    contact = db.session.scalar(select(MemberContact).where(MemberContact.member_id == member.id))
    if not address:
        if contact is not None:
            db.session.delete(contact)
        return None
    if contact is None:
        contact = MemberContact(member_id=member.id, email=address, stop_token=new_link(), added_by=by)
        db.session.add(contact)
    elif contact.email != address:
        contact.email, contact.added_at, contact.added_by, contact.stopped_at = address, utcnow(), by, None
    return contact


def set_address(member: Member, address: str, by: str) -> list[Problem]:
    """The organiser gives a member an address or takes it away: saved at once, or the problems and nothing."""
    address = clean_address(address)
    problems = address_problems(address)
    if not problems:
        note_address(member, address, by)
        db.session.commit()
    return problems


def contact_of_stop(token: str) -> MemberContact | None:
    """The address an unsubscribe link stops (across clubs: the link alone says which)."""
    if not token or len(token) > 64:
        return None
    return db.session.scalar(select(MemberContact).where(MemberContact.stop_token == token)
                             .execution_options(**ALL_CLUBS))


def stop_emails(contact: MemberContact) -> None:
    """No more emails to this address (one click, no sign-in); pending ones to it are not sent either."""
    if contact.stopped_at is None:
        contact.stopped_at = utcnow()
    db.session.execute(update(MailJob).where(MailJob.club_id == contact.club_id, MailJob.address == contact.email,
                                             MailJob.status == "pending")
                       .values(status="failed", last_error="The member stopped the emails.")
                       .execution_options(**ALL_CLUBS))
    db.session.commit()


def forget_member(member: Member) -> str:
    """Remove the member's personal data: the name becomes 'Former member N' everywhere it was written (seats,
    teams, substitutes, the sessions' pairs and records, the games' records of changes), the address and the
    emails to it go; the games they played keep their figures. Returns the new name."""
    old, new = member.name, f"Former member {member.id}"
    same = func.lower(Player.name) == old.lower()
    seats = list(db.session.scalars(select(Player).where(or_(Player.member_id == member.id,
                                                             Player.member_id.is_(None) & same))))
    games = set()
    for seat in seats:
        seat.name, seat.member_id = new, member.id
        seat.team.name = renamed(seat.team.name, old, new)
        games.add(seat.team.game_id)
    for change in db.session.scalars(select(Substitution).where(or_(Substitution.left_member_id == member.id,
                                                                    Substitution.came_member_id == member.id))):
        change.left_name = new if change.left_member_id == member.id else change.left_name
        change.came_name = new if change.came_member_id == member.id else change.came_name
    moved = set()
    for session in db.session.scalars(select(ClubSession)):
        pairs = [[new if name == old else name for name in pair] for pair in session.pairs or []]
        sitting_out = [new if name == old else name for name in session.sitting_out or []]
        if (pairs, sitting_out) != (session.pairs or [], session.sitting_out or []):
            moved.add(session.id)
        session.pairs, session.sitting_out = pairs, sitting_out
    whole_name = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)")
    for line in db.session.scalars(select(SessionEvent).where(SessionEvent.words.contains(old))):
        line.words = whole_name.sub(new, line.words)
    for event in db.session.scalars(select(GameEvent).where(GameEvent.game_id.in_(games))) if games else ():
        event.before, event.after = renamed_in(event.before, old, new), renamed_in(event.after, old, new)
    db.session.execute(update(MailJob).where(MailJob.member_id == member.id)
                       .values(address="", text_body="", html_body="", subject="(removed)"))
    db.session.execute(MemberContact.__table__.delete().where(MemberContact.member_id == member.id))
    member.name, member.short_name, member.active = new, None, False
    if games:       # every kept page of these games is of their old version: they show the new name at once
        moved |= set(db.session.scalars(select(Game.session_id).where(Game.id.in_(games), Game.session_id.is_not(None))))
        db.session.execute(update(Game).where(Game.id.in_(games)).values(version=Game.version + 1)
                           .execution_options(synchronize_session=False))
    session_moved(*moved)           # and their sessions' boards
    db.session.commit()
    return new


def renamed_in(document, old: str, new: str):
    """A stored record's JSON with the member's name replaced in every team's name it holds."""
    if isinstance(document, dict):
        return {key: renamed_in(value, old, new) for key, value in document.items()}
    if isinstance(document, list):
        return [renamed_in(value, old, new) for value in document]
    return renamed(document, old, new) if isinstance(document, str) else document


def renamed(team_name: str, old: str, new: str) -> str:
    """A team's name with the member's name replaced where it stands as a whole name ('Ann & Bob')."""
    parts = [new if part == old else part for part in team_name.split(" & ")]
    return " & ".join(parts)
