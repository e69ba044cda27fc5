"""Browsers signed in to an account: each sign-in is a row, so signing out ends one browser and "sign out
everywhere" ends them all."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, delete, select, update
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import db
from app.store.people.models import Organiser
from app.store.game.models import utcnow
from app.store.tenancy.scope import ALL_CLUBS, ClubOwned
from app.store.people.tokens import new_token, token_hash


class SignIn(ClubOwned, db.Model):
    """One browser signed in to an account: the hash of the key its session cookie holds."""

    id: Mapped[int] = mapped_column(primary_key=True)
    organiser_id: Mapped[int] = mapped_column(ForeignKey("organiser.id", ondelete="CASCADE"), index=True)
    key_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


def open_sign_in(organiser: Organiser) -> str:
    """A new sign-in of the account (in the account's club): the key for the browser's session cookie."""
    key = new_token()
    db.session.add(SignIn(organiser_id=organiser.id, key_hash=token_hash(key), club_id=organiser.club_id))
    db.session.commit()
    return key


def signed_in(organiser_id: int, generation: int, key: str, *, any_club: bool = False) -> Organiser | None:
    """The account while this browser's sign-in still counts (not signed out, no new password since);
    `any_club`: looked for across every club, before the request's club is known (where the store's filter,
    not the database's roles, keeps clubs apart)."""
    query = select(Organiser).join(SignIn, SignIn.organiser_id == Organiser.id).where(
        Organiser.id == organiser_id, Organiser.session_generation == generation,
        SignIn.key_hash == token_hash(key))
    return db.session.scalar(query.execution_options(**ALL_CLUBS) if any_club else query)


def close_sign_in(key: str) -> None:
    """Sign this browser out: its sign-in ends, the account's others go on."""
    db.session.execute(delete(SignIn).where(SignIn.key_hash == token_hash(key)))
    db.session.commit()


def close_every_sign_in(organiser: Organiser) -> None:
    """Sign the account out everywhere: every sign-in ends and the generation moves on (one transaction)."""
    end_every_sign_in(organiser)
    db.session.commit()


def end_every_sign_in(organiser: Organiser) -> None:
    """Every sign-in of the account ends and its generation moves on; saved by the caller's commit."""
    db.session.execute(delete(SignIn).where(SignIn.organiser_id == organiser.id))
    db.session.execute(update(Organiser).where(Organiser.id == organiser.id).values(
        session_generation=Organiser.session_generation + 1))
