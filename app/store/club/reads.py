"""The club's counts and figures read in one statement each: members by name, games per member, sessions per rule
set, each game's hand facts, the stamps an unchanged poll is answered by (a board, a tablet's news), members with their addresses."""
from __future__ import annotations

from sqlalchemy import case, func, select

from app.extensions import db
from app.store.club.models import ClubSession, Member
from app.store.people.models import MemberContact
from app.store.game.bulk import read_games
from app.store.game.states import state_of
from app.store.game.models import Game, Hand


def member_ids_by_name() -> dict[str, int]:
    """Every member's id by the member's name in small letters (to link a name shown to its page)."""
    return {name.lower(): member_id for member_id, name in db.session.execute(select(Member.id, Member.name))}


def games_by_member(members: list[Member]) -> dict[int, int]:
    """Games with a result each player sat in (seats linked to them, and seats typed with their name, as their
    page counts): each game's one outcome says, so a game abandoned, deleted or still in play counts for nobody."""
    counts = {member.id: 0 for member in members}
    by_name = {member.name.lower(): member.id for member in members}
    for game in read_games(Game.finished_at.is_not(None)):
        if not state_of(game).outcome.decided:
            continue
        for player in (player for team in game.teams for player in team.players):
            member_id = player.member_id if player.member_id is not None else by_name.get(player.name.lower())
            if member_id in counts:
                counts[member_id] += 1
    return counts


def sessions_by_ruleset() -> dict[str, int]:
    """How many sessions each rule set was played at."""
    return dict(db.session.execute(select(ClubSession.ruleset_id, func.count()).group_by(ClubSession.ruleset_id)).all())


def hand_fact_rows(game_ids: list[int]) -> list[tuple]:
    """(game id, hands, last change, first hand not agreed) of each of these games with a hand, in one GROUP BY."""
    unagreed = func.min(case((Hand.agreed_at.is_(None), Hand.number)))
    return list(db.session.execute(select(Hand.game_id, func.count(Hand.id), func.max(Hand.updated_at), unagreed)
                                   .where(Hand.game_id.in_(game_ids)).group_by(Hand.game_id)))


def members_with_addresses() -> list[tuple[Member, MemberContact]]:
    """Every member who has an address, with it."""
    return [tuple(pair) for pair in db.session.execute(
        select(Member, MemberContact).join(MemberContact, MemberContact.member_id == Member.id))]
