"""The organiser's lists in the JSON API: the club's sessions and games, newest first, a page at a time."""
from __future__ import annotations

from sqlalchemy import func, select

from app.web.api_input import page_arguments, paged
from app.web.sign_in import api_organiser
from app.api.blueprint import club_bp
from app.extensions import db
from app.web.links import game_url
from app.store.game.bulk import read_games
from app.store.club.house_rules import references
from app.store.club.models import ClubSession
from app.store.game.models import Game
from app.store.game.states import state_of
from app.rules.outcome import Closing


def page_of(query, count_query, page: int, limit: int):
    """One page of a query's rows and how many rows there are in all."""
    total = db.session.scalar(count_query) or 0
    rows = db.session.scalars(query.limit(limit).offset((page - 1) * limit)).all()
    return rows, total


@club_bp.get("/sessions")
def list_sessions():
    """The club's sessions, newest first: each one's number, day, rule set and house rules, format and round."""
    api_organiser()
    page, limit = page_arguments()
    rows, total = page_of(select(ClubSession).order_by(ClubSession.created_at.desc(), ClubSession.id),
                          select(func.count()).select_from(ClubSession), page, limit)
    house = references(s.house_rules_version_id for s in rows)
    return {"sessions": [{"id": s.id, "date": s.played_on.isoformat(), "ruleset": s.ruleset_id,
                          "house_rules": house.get(s.house_rules_version_id),
                          "format": {"kind": s.format_kind, "hands": s.format_hands, "ends_at": s.ends_at},
                          "round": s.round, "time_called": s.time_called_at is not None} for s in rows],
            **paged(total, page, limit)}


@club_bp.get("/games")
def list_games():
    """The club's games, newest first: each one's number, page, rule set and house rules, table, teams, version and whether it is
    over, as its one outcome says (a deleted game is left out)."""
    api_organiser()
    page, limit = page_arguments()
    shown = Game.closed.is_(None) | (Game.closed != Closing.DELETED.value)
    rows, total = page_of(select(Game).where(shown).order_by(Game.created_at.desc(), Game.id),
                          select(func.count()).select_from(Game).where(shown), page, limit)
    read = read_games(Game.id.in_([g.id for g in rows]))      # the page's states at once: each game's outcome
    over = {g.id: state_of(g).outcome.over for g in read}
    house = references(g.house_rules_version_id for g in rows)
    return {"games": [{"id": g.id, "url": game_url(g.id), "ruleset": g.ruleset_id,
                       "house_rules": house.get(g.house_rules_version_id), "table": g.table_label,
                       "teams": g.team_names, "version": g.version, "session_id": g.session_id,
                       "game_over": over[g.id], "opened_at": g.created_at.isoformat() + "Z"} for g in rows],
            **paged(total, page, limit)}
