"""When each club last downloaded its backup: one row a club, kept in the database beside the club's record."""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import db
from app.store.tenancy.scope import ClubOwned


class BackupMade(ClubOwned, db.Model):
    """The time (ISO text, as the backup itself says it) of the club's last backup."""

    __tablename__ = "backup_made"
    __table_args__ = (db.UniqueConstraint("club_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    made_at: Mapped[str] = mapped_column(db.String(40))


def last_backup_made() -> str | None:
    """When the club in scope last made a backup, or None when it never has."""
    return db.session.scalar(select(BackupMade.made_at))


def note_backup_made(made_at: str) -> None:
    """Keep the time of the club's backup just made (two downloads at once: the later one stays)."""
    for _ in range(2):
        row = db.session.scalar(select(BackupMade))
        if row is None:
            db.session.add(BackupMade(made_at=made_at))
        else:
            row.made_at = max(row.made_at, made_at)
        try:
            db.session.commit()
            return
        except IntegrityError:        # the other download added the club's row first: update it instead
            db.session.rollback()
