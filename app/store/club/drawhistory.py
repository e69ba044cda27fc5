"""What the draw remembers, read from the database in bulk: the club's recent sessions' tables and who sat out."""
from __future__ import annotations

from collections import defaultdict

from sqlalchemy import and_, or_, select

from app.extensions import db
from app.rules.mixing import HISTORY_SESSIONS, History, PastSession
from app.store.club.models import ClubSession
from app.store.game.models import Game, Player, Team


def earlier_sessions(session: ClubSession, count: int = HISTORY_SESSIONS) -> list[tuple[int, list]]:
    """The club's sessions before this one that drew tables (id and who sat out at the end), newest first."""
    made_before = or_(ClubSession.created_at < session.created_at,
                      and_(ClubSession.created_at == session.created_at, ClubSession.id < session.id))
    before = or_(ClubSession.played_on < session.played_on,
                 and_(ClubSession.played_on == session.played_on, made_before))
    rows = db.session.execute(select(ClubSession.id, ClubSession.sitting_out)
                              .where(before, ClubSession.round > 0)
                              .order_by(ClubSession.played_on.desc(), ClubSession.created_at.desc(),
                                        ClubSession.id.desc()).limit(count))
    return [(session_id, list(sitting_out or [])) for session_id, sitting_out in rows]


def tables_of(session_ids: list[int], current: int, before_round: int) -> dict[int, list[tuple]]:
    """Each session's tables as teams of names, as drawn (a game cleared unplayed still counts: its players were
    drawn together; the current session's rounds before `before_round` only): one statement."""
    if not session_ids:
        return {}
    rows = db.session.execute(
        select(Game.session_id, Game.id, Team.position, Player.name)
        .join(Team, Team.game_id == Game.id).join(Player, Player.team_id == Team.id)
        .where(Game.session_id.in_(session_ids), or_(Game.session_id != current, Game.session_round < before_round))
        .order_by(Game.session_id, Game.id, Team.position, Player.position))
    games: dict[int, dict[int, dict[int, list[str]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for session_id, game_id, position, name in rows:
        games[session_id][game_id][position].append(name)
    return {session_id: [tuple(tuple(teams[p]) for p in sorted(teams)) for teams in by_game.values()]
            for session_id, by_game in games.items()}


def draw_history(session: ClubSession, before_round: int | None = None) -> History:
    """What the draw of a round remembers: this afternoon's earlier rounds, the club's last sessions (newest
    first, the last one age 1), and who sat out at the end of the last session."""
    before_round = session.round + 1 if before_round is None else before_round
    earlier = earlier_sessions(session)
    tables = tables_of([session.id] + [session_id for session_id, _ in earlier], session.id, before_round)
    sessions = [PastSession(0, tuple(tables.get(session.id, [])))] if tables.get(session.id) else []
    sessions += [PastSession(age, tuple(tables.get(session_id, [])))
                 for age, (session_id, _) in enumerate(earlier, start=1)]
    return History(tuple(sessions), tuple(earlier[0][1]) if earlier else ())
