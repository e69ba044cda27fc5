"""A player's record: games and sessions, won, win rate, margin, partners, recent games."""
from __future__ import annotations

from collections import Counter

from sqlalchemy import and_, func, or_, select

from app.extensions import db
from app.rules.ranking import won_words
from app.store.club.models import Member, Substitution
from app.store.club.standings import player_games
from app.store.game.models import Game, Player, Team
from app.store.game.states import state_of

#: How many recent games a player's record lists.
RECENT = 10


def seats_of(member: Member) -> list[Player]:
    """Every seat the player took (linked, or typed with the same name), newest game first."""
    typed = and_(Player.member_id.is_(None), func.lower(Player.name) == member.name.lower())
    return list(db.session.scalars(select(Player).join(Team).join(Game)
                                   .where(or_(Player.member_id == member.id, typed))
                                   .order_by(Game.created_at.desc(), Game.id.desc())))


def substitutions_for(member: Member) -> list[Substitution]:
    """Every game the player left mid-way or came into as a substitute (linked, or typed with the same name)."""
    def whom(member_column, name_column):
        typed = and_(member_column.is_(None), func.lower(name_column) == member.name.lower())
        return or_(member_column == member.id, typed)
    return list(db.session.scalars(select(Substitution).where(or_(
        whom(Substitution.left_member_id, Substitution.left_name),
        whom(Substitution.came_member_id, Substitution.came_name)))))


def substitution_words(member: Member, changes: list[Substitution]) -> dict[int, str]:
    """By game: 'left at hand 5: Zoe played on' or 'played for Ann from hand 5'."""
    words = {}
    for change in changes:
        left = change.left_member_id == member.id or (change.left_member_id is None
                                                      and change.left_name.lower() == member.name.lower())
        words[change.game_id] = (f"left at hand {change.from_hand}: {change.came_name} played on" if left else
                                 f"played for {change.left_name} from hand {change.from_hand}")
    return words


def record_of(member: Member) -> dict:
    """The player's figures over games with a result, usual partners and recent games (with the games the player
    left mid-way, and those played as a substitute, said so), each game as its one outcome tells it: a deleted
    game counts for nobody and is not listed, an abandoned one is listed with no result."""
    finished, partners, recent = [], Counter(), []
    changes = substitutions_for(member)
    notes = substitution_words(member, changes)
    seats = seats_of(member)
    seated = {seat.team.game_id for seat in seats}
    listed = [(db.session.get(Game, c.game_id), None) for c in changes if c.game_id not in seated]
    for seat in seats:
        game = seat.team.game
        outcome = state_of(game).outcome            # the game's one outcome: a deleted game is not listed
        if not outcome.listed:
            continue
        partners.update(p.name for p in seat.team.players if p.id != seat.id)
        mine = next((row for row in player_games(game) if row.player == seat.name), None) if outcome.over else None
        if mine is not None:
            finished.append(mine)
        elif outcome.over and game.id not in notes:
            notes[game.id] = "no result"
        listed.append((game, mine))
    for game, mine in sorted(listed, key=lambda pair: (pair[0].created_at, pair[0].id), reverse=True)[:RECENT]:
        recent.append((game, mine, notes.get(game.id, "")))
    won = sum(row.result for row in finished)
    return {"games": len(finished), "won": won, "won_words": won_words(won), "sessions": len({r.session for r in finished if r.session}),
            "win_rate": won / len(finished) if finished else None,
            "average_margin": round(sum(r.margin for r in finished) / len(finished)) if finished else None,
            "partners": partners.most_common(3), "recent": recent}
