"""What is kept of a club's competitions: each one's name and choices, the afternoons chosen for it, the handicaps
the organiser set, and whether it is archived."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.extensions import db
from app.store.base.ids import PublicIdType
from app.store.game.models import utcnow
from app.store.tenancy.scope import ClubOwned


class CompetitionRow(ClubOwned, db.Model):
    """A club's competition: its name, its season (None: its own days), its choices as the engine's data, archived
    or running."""

    __tablename__ = "competition"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(60))
    season_id: Mapped[int | None] = mapped_column(ForeignKey("season.id", ondelete="SET NULL"), index=True)
    #: The choices as app/rules/competition_data.py writes them, less the name, season, afternoons and handicaps
    #: kept in their own columns and rows.
    choices: Mapped[dict] = mapped_column(JSON, default=dict)
    archived_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    version: Mapped[int] = mapped_column(default=1)
    afternoons: Mapped[list[CompetitionAfternoon]] = relationship(
        back_populates="competition", cascade="all, delete-orphan", order_by="CompetitionAfternoon.id")
    handicaps: Mapped[list[CompetitionHandicap]] = relationship(
        back_populates="competition", cascade="all, delete-orphan", order_by="CompetitionHandicap.id")

    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (UniqueConstraint("club_id", "name"),)


class CompetitionAfternoon(ClubOwned, db.Model):
    """An afternoon chosen for a competition (a competition with none chosen counts its days' afternoons)."""

    __tablename__ = "competition_afternoon"

    id: Mapped[int] = mapped_column(primary_key=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("competition.id", ondelete="CASCADE"), index=True)
    session_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("club_session.id", ondelete="CASCADE"), index=True)
    competition: Mapped[CompetitionRow] = relationship(back_populates="afternoons")

    __table_args__ = (UniqueConstraint("competition_id", "session_id"),)


class CompetitionHandicap(ClubOwned, db.Model):
    """A member's handicap in a competition, in points a game, as the organiser set it (by the member, so that it
    follows a merge and stays with a member whose name was removed)."""

    __tablename__ = "competition_handicap"

    id: Mapped[int] = mapped_column(primary_key=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("competition.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), index=True)
    points: Mapped[int] = mapped_column(default=0)
    competition: Mapped[CompetitionRow] = relationship(back_populates="handicaps")

    __table_args__ = (UniqueConstraint("competition_id", "member_id"),)
