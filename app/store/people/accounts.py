"""The one write path of each change to the club's accounts: a new account, a one-time link made and used, an
account removed."""
from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import update

from app.extensions import db
from app.store.people.models import Invitation, Organiser, Role
from app.store.game.models import utcnow
from app.store.people.sign_ins import end_every_sign_in
from app.store.people.tokens import token_hash
from app.store.base.transaction import nothing_saved, saved_new


class Joined(StrEnum):
    """How an account made from a one-time link went."""

    JOINED = "joined"
    LINK_USED = "link_used"         # another request used the link first: nothing saved
    NAME_TAKEN = "name_taken"       # an account of this name was made first: nothing saved, the link still waits


def add_account(organiser: Organiser) -> bool:
    """Keep a new account; False, with nothing saved, when its name (or the founder's place) was taken first."""
    return saved_new(organiser)


def add_invitation(token: str, role: Role, made_by: str, expires_at: datetime) -> Invitation:
    """Keep a one-time link for a new account (its hash only)."""
    invitation = Invitation(token_hash=token_hash(token), role=role, made_by=made_by, expires_at=expires_at)
    db.session.add(invitation)
    db.session.commit()
    return invitation


def join_by_invitation(invitation: Invitation, organiser: Organiser) -> Joined:
    """The link is used and the new account kept, both or neither."""
    taken = db.session.execute(update(Invitation).where(Invitation.id == invitation.id, Invitation.used_at.is_(None))
                               .values(used_at=utcnow())).rowcount
    if taken != 1:
        nothing_saved()
        return Joined.LINK_USED
    return Joined.JOINED if saved_new(organiser) else Joined.NAME_TAKEN


def remove_account(person: Organiser) -> None:
    """Remove an account: its sign-ins end with it, in one transaction."""
    end_every_sign_in(person)
    db.session.delete(person)
    db.session.commit()
