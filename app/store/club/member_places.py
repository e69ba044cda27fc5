"""Every place of the club's store that holds a member by id or by name, in one list: a merge moves the ids of
every one, and the erasure of a member's personal data renames the names of every one (the member's row itself,
its address and emails are the people store's, app/store/people)."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select, update

from app.extensions import db
from app.store.club.competition_models import CompetitionHandicap
from app.store.club.models import Attendance, ClubSession, SessionEvent, Substitution
from app.store.game.models import GameEvent, Player, Team


@dataclass(frozen=True)
class IdPlace:
    """A column holding a member's id; `once_per`: the column a member is in once with (an afternoon's attendance,
    a competition's handicap), where the kept member's own row wins over the merged one's."""

    column: object
    once_per: object | None
    words: str


@dataclass(frozen=True)
class NamePlace:
    """A column holding a member's name as written (a seat, a team's name, a record's words)."""

    column: object
    words: str


#: Where a member is held by id.
MEMBER_IDS = (
    IdPlace(Player.member_id, None, "the seats of the games they played"),
    IdPlace(Attendance.member_id, Attendance.session_id, "the afternoons they came to"),
    IdPlace(Substitution.left_member_id, None, "the games they left mid-way"),
    IdPlace(Substitution.came_member_id, None, "the games they came into as a substitute"),
    IdPlace(CompetitionHandicap.member_id, CompetitionHandicap.competition_id, "their handicaps in competitions"),
)

#: Where a member is held by name (what the erasure of their personal data renames).
MEMBER_NAMES = (
    NamePlace(Player.name, "the seats of the games they played"),
    NamePlace(Team.name, "the names of their teams ('Ann & Bob')"),
    NamePlace(Substitution.left_name, "the games they left mid-way"),
    NamePlace(Substitution.came_name, "the games they came into as a substitute"),
    NamePlace(ClubSession.pairs, "the afternoons' fixed pairs"),
    NamePlace(ClubSession.sitting_out, "the afternoons' players sitting out"),
    NamePlace(SessionEvent.words, "the afternoons' records"),
    NamePlace(GameEvent.before, "the games' records of changes, before"),
    NamePlace(GameEvent.after, "the games' records of changes, after"),
)


def move_member(other_id: int, keep_id: int) -> None:
    """Every place holding `other` holds `keep` instead (a row `keep` already has of its own stays, the other's
    goes); not committed: the merge saves it with the rest."""
    for place in MEMBER_IDS:
        table = place.column.class_
        if place.once_per is not None:
            kept = select(place.once_per).where(place.column == keep_id).scalar_subquery()
            db.session.execute(delete(table).where(place.column == other_id, place.once_per.in_(kept))
                               .execution_options(synchronize_session=False))
        db.session.execute(update(table).where(place.column == other_id).values({place.column.key: keep_id})
                           .execution_options(synchronize_session=False))
