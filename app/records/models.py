"""What the club's records add to the store: seasons for the ladder (issue 8)."""
from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import db


class Season(db.Model):
    """A season of the ladder: a name, first and last day, and the qualifying share in percent."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(60), unique=True)
    starts_on: Mapped[date]
    ends_on: Mapped[date]
    qualifying_percent: Mapped[int] = mapped_column(default=30)
