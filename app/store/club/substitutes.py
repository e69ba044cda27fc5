"""Substitutes: a player who leaves mid-game and who takes the seat for the rest of that game. The seat holds the
substitute from then on; the substitution keeps both names and the hand the substitute played from."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from app.extensions import db
from app.store.club.models import Substitution
from app.store.game.gamelog import Actor
from app.store.game.models import Game, Player, utcnow


@dataclass(frozen=True)
class Change:
    """A substitution in words: who came, for whom, from which hand."""

    came: str
    left: str
    from_hand: int
    table: str = ""

    @property
    def words(self) -> str:
        """'Zoe played for Ann from hand 5.'"""
        return f"{self.came} played for {self.left} from hand {self.from_hand}."

    @property
    def seat_words(self) -> str:
        """'Zoe (for Ann from hand 5)'."""
        return f"{self.came} (for {self.left} from hand {self.from_hand})"


def substitutions_of(game_ids: list[int]) -> dict[int, list[Substitution]]:
    """Each game's substitutions, in the order they happened."""
    if not game_ids:
        return {}
    found: dict[int, list[Substitution]] = {}
    for row in db.session.scalars(select(Substitution).where(Substitution.game_id.in_(game_ids))
                                  .order_by(Substitution.id)):
        found.setdefault(row.game_id, []).append(row)
    return found


def changes_of(game: Game) -> list[Change]:
    """A game's substitutions in words."""
    return [Change(s.came_name, s.left_name, s.from_hand, game.table_label)
            for s in substitutions_of([game.id]).get(game.id, [])]


def seat_name_at(changes: list[Change], name: str, hand_number: int) -> str:
    """Who sat in the seat `name` holds now when hand N was played (the player a substitute replaced, before)."""
    for change in reversed(changes):
        if name == change.came and hand_number < change.from_hand:
            name = change.left
    return name


def substitute(game: Game, seat: Player, came: str, came_member_id: int | None, from_hand: int,
               actor: Actor) -> Substitution:
    """Seat the substitute in place of the player who left (not committed: the caller saves it with its line on
    the session's record); a new version of the game, so boards and tablets see it."""
    row = Substitution(game_id=game.id, team_position=seat.team.position, seat=seat.position, from_hand=from_hand,
                       left_name=seat.name, left_member_id=seat.member_id, came_name=came,
                       came_member_id=came_member_id, at=utcnow(), by=actor.label)
    db.session.add(row)
    seat.name, seat.member_id = came, came_member_id
    game.updated_at = utcnow()
    return row
