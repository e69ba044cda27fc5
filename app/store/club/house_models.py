"""What is kept of a club's house rules: their name, and each version of their base and changes, never edited."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.extensions import db
from app.store.game.models import utcnow
from app.store.tenancy.scope import ClubOwned


class HouseRulesRow(ClubOwned, db.Model):
    """A club's house rules by name; what they are is their newest version (HouseRulesVersion)."""

    __tablename__ = "house_rules"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(60))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    versions: Mapped[list[HouseRulesVersion]] = relationship(
        back_populates="house_rules", order_by="HouseRulesVersion.version", cascade="all, delete-orphan")

    __table_args__ = (UniqueConstraint("club_id", "name"),)

    @property
    def latest(self) -> HouseRulesVersion:
        """The version a new game or afternoon plays by."""
        return self.versions[-1]


class HouseRulesVersion(ClubOwned, db.Model):
    """One version of a club's house rules: a game keeps the version it was opened with, whatever comes after."""

    __tablename__ = "house_rules_version"

    id: Mapped[int] = mapped_column(primary_key=True)
    house_rules_id: Mapped[int] = mapped_column(ForeignKey("house_rules.id", ondelete="CASCADE"), index=True)
    version: Mapped[int]
    name: Mapped[str] = mapped_column(db.String(60))
    base: Mapped[str] = mapped_column(db.String(40))
    variations: Mapped[dict] = mapped_column(JSON, default=dict)
    changes: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    created_by: Mapped[str] = mapped_column(db.String(80), default="")
    house_rules: Mapped[HouseRulesRow] = relationship(back_populates="versions")

    __table_args__ = (UniqueConstraint("house_rules_id", "version"),)
