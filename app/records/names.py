"""Names offered as players are typed: the club's active players and every guest already typed (to the club's
accounts, and to anyone at a club that made its records public)."""
from __future__ import annotations

from sqlalchemy import select

from app.store.club.models import Member
from app.extensions import db
from app.rules.seat_names import is_default_name
from app.store.game.models import Player
from app.records.blueprint import bp
from app.web.visibility import club_account, records_public

#: Most names offered in the type-ahead list.
MOST_NAMES = 500


def known_player_names() -> list[str]:
    """Active club players and names typed in earlier games, once each, alphabetically; none to a stranger at a
    club that keeps its records to itself."""
    if not (records_public() or club_account()):
        return []
    members = db.session.scalars(select(Member.name).where(Member.active.is_(True)))
    inactive = {name.lower() for name in db.session.scalars(select(Member.name).where(Member.active.is_(False)))}
    guests = db.session.scalars(select(Player.name).where(Player.member_id.is_(None)).distinct().limit(MOST_NAMES))
    names = {}
    for name in [*members, *guests]:
        if name.lower() not in inactive and not is_default_name(name):
            names.setdefault(name.lower(), name)
    return sorted(names.values(), key=func_key)[:MOST_NAMES]


def func_key(name: str) -> str:
    """Alphabetical order whatever the capitals."""
    return name.casefold()


@bp.app_context_processor
def type_ahead() -> dict:
    """The type-ahead names for the game forms."""
    return {"known_player_names": known_player_names}
