"""The club's counts and figures read in one statement each: members by name, games per member, sessions per rule
set, each game's hand facts, a board's figures, members with their addresses."""
from __future__ import annotations

from sqlalchemy import case, func, select

from app.extensions import db
from app.store.club_models import ClubSession, Member, SessionEvent, TableCall
from app.store.member_models import MemberContact
from app.store.models import Game, Hand, Player


def member_ids_by_name() -> dict[str, int]:
    """Every member's id by the member's name in small letters (to link a name shown to its page)."""
    return {name.lower(): member_id for member_id, name in db.session.execute(select(Member.id, Member.name))}


def games_by_member(members: list[Member]) -> dict[int, int]:
    """Games each player sat in: seats linked to them, and seats typed with their name (as their page counts)."""
    linked = dict(db.session.execute(select(Player.member_id, func.count(Player.id))
                                     .where(Player.member_id.is_not(None)).group_by(Player.member_id)).all())
    typed = dict(db.session.execute(select(func.lower(Player.name), func.count(Player.id))
                                    .where(Player.member_id.is_(None)).group_by(func.lower(Player.name))).all())
    return {m.id: linked.get(m.id, 0) + typed.get(m.name.lower(), 0) for m in members}


def sessions_by_ruleset() -> dict[str, int]:
    """How many sessions each rule set was played at."""
    return dict(db.session.execute(select(ClubSession.ruleset_id, func.count()).group_by(ClubSession.ruleset_id)).all())


def hand_fact_rows(game_ids: list[int]) -> list[tuple]:
    """(game id, hands, last change, first hand not agreed) of each of these games with a hand, in one GROUP BY."""
    unagreed = func.min(case((Hand.agreed_at.is_(None), Hand.number)))
    return list(db.session.execute(select(Hand.game_id, func.count(Hand.id), func.max(Hand.updated_at), unagreed)
                                   .where(Hand.game_id.in_(game_ids)).group_by(Hand.game_id)))


def board_figures(session: ClubSession) -> tuple:
    """This round's games (how many, the sum of their versions, the newest change), the session's last record
    line and its open calls, in one statement."""
    events = select(func.max(SessionEvent.id)).where(SessionEvent.session_id == session.id).scalar_subquery()
    calls = select(func.count(TableCall.id)).where(TableCall.session_id == session.id,
                                                   TableCall.cleared_at.is_(None)).scalar_subquery()
    return tuple(db.session.execute(select(func.count(Game.id), func.coalesce(func.sum(Game.version), 0),
                                           func.max(Game.updated_at), events, calls)
                                    .where(Game.session_id == session.id, Game.session_round == session.round)).one())


def members_with_addresses() -> list[tuple[Member, MemberContact]]:
    """Every member who has an address, with it."""
    return [tuple(pair) for pair in db.session.execute(
        select(Member, MemberContact).join(MemberContact, MemberContact.member_id == Member.id))]
