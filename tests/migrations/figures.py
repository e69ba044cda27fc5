"""What a club reads from its database, as plain data: run by the old releases (to build a fixture) and by today's.

Imports try today's module first and fall back to where earlier releases kept it, so the same reading is done
by the code that wrote the fixture and by the code that upgraded it.
"""
from __future__ import annotations

from dataclasses import asdict, is_dataclass
from datetime import date, datetime
from fractions import Fraction

from sqlalchemy import inspect, select

from app.extensions import db

try:                                                    # today
    from app.store.game.states import state_of
    from app.store.game.models import Game
except ImportError:                                     # earlier releases
    from app.services import state_of
    from app.models import Game


#: A player's record as the player page shows it (figures every release has).
RECORD = ("games", "won", "sessions", "win_rate", "average_margin", "partners")


def club_models():
    """The club's models, or None before the club features."""
    for module in ("app.store.club.models", "app.store.club_models", "app.club.models"):
        try:
            return __import__(module, fromlist=["Member"])
        except ImportError:
            continue
    return None


def organiser_model():
    """The Organiser model: with the people's tables today, with the club's before."""
    try:
        from app.store.people.models import Organiser
    except ImportError:
        return club_models().Organiser
    return Organiser


def season_model():
    """The Season model, or None before the ladder."""
    for module in ("app.store.club.models", "app.store.club_models", "app.records.models"):
        try:
            found = __import__(module, fromlist=["Season"])
        except ImportError:
            continue
        if hasattr(found, "Season"):
            return found.Season
    return None


def plain(value):
    """A value as JSON holds it."""
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if is_dataclass(value):
        return {k: plain(v) for k, v in asdict(value).items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (float, Fraction)):
        return round(float(value), 6)
    return value


def column_value(row, name: str):
    """A column's value, None when the row's table has no such column in this release."""
    return getattr(row, name) if name in inspect(type(row)).columns else None


def game_figures(game) -> dict:
    """One game as its pages read it: teams, players, every hand's scores and progressive totals, the winner."""
    state = state_of(game)
    hands = []
    for hand, result in zip(game.hands, state.hands):
        hands.append({"number": hand.number, "client_token": hand.client_token,
                      "created_at": plain(hand.created_at), "updated_at": plain(hand.updated_at),
                      "score": [team.score for team in result.teams],
                      "progressive": [team.progressive for team in result.teams],
                      "entries": [{f: plain(getattr(e, f)) for f in type(e).FIELDS} for e in hand.entries]})
    return {"id": game.id, "ruleset": game.ruleset_id, "variations": plain(game.variations), "target": game.target,
            "table_label": game.table_label, "table_code": game.table_code, "version": game.version,
            "created_at": plain(game.created_at), "updated_at": plain(game.updated_at),
            "finished_at": plain(game.finished_at), "closed": column_value(game, "closed"),
            "session_id": column_value(game, "session_id"), "table_number": column_value(game, "table_number"),
            "first_dealer": [game.first_dealer_team, game.first_dealer_player],
            "teams": [{"name": t.name, "players": [{"id": p.id, "name": p.name,
                                                    "member_id": column_value(p, "member_id")}
                                                   for p in t.players]} for t in game.teams],
            "hands": hands, "totals": list(state.totals), "winner": state.winner, "won_at": state.won_at,
            "game_over": state.game_over}


def club_figures() -> dict:
    """Members, organisers, sessions (who came, call time), seasons with their ladder, each player's record."""
    models = club_models()
    if models is None:
        return {}
    members = list(db.session.scalars(select(models.Member).order_by(models.Member.id)))
    figures = {
        "members": [{"id": m.id, "name": m.name, "short_name": m.short_name, "active": m.active,
                     "created_at": plain(m.created_at)} for m in members],
        "organisers": [o.name for o in db.session.scalars(select(organiser_model()).order_by(organiser_model().id))],
        "sessions": [{"id": s.id, "played_on": plain(s.played_on), "ruleset": s.ruleset_id,
                      "format_kind": s.format_kind, "round": s.round, "time_called_at": plain(s.time_called_at),
                      "attendees": [a.member.name for a in s.attendees], "sitting_out": list(s.sitting_out)}
                     for s in db.session.scalars(select(models.ClubSession).order_by(models.ClubSession.id))],
    }
    season = season_model()
    if season is not None:
        try:
            from app.store.club.standings import standings
            from app.store.club.player_record import record_of
        except ImportError:
            from app.records.standings import standings
            from app.records.player import record_of
        figures["seasons"] = [{"name": s.name, "starts_on": plain(s.starts_on), "ends_on": plain(s.ends_on),
                               "qualifying_percent": s.qualifying_percent, "standings": plain(standings(s))}
                              for s in db.session.scalars(select(season).order_by(season.id))]
        figures["records"] = {str(m.id): plain({k: v for k, v in record_of(m).items() if k in RECORD})
                              for m in members}
    return figures


def exports_figures(games: list) -> dict:
    """The spreadsheets' rows (games, hands) and each session's results of the day, where the release has them."""
    try:
        from app.records.exports import game_row, hand_rows
    except ImportError:
        return {}
    figures = {"games": [plain(game_row(g)) for g in games], "hands": [plain(r) for g in games for r in hand_rows(g)]}
    models = club_models()
    try:
        from app.store.club.clock import results
    except ImportError:
        try:
            from app.club.clock import results
        except ImportError:
            return figures
    sessions = db.session.scalars(select(models.ClubSession).order_by(models.ClubSession.id))
    figures["results"] = {str(s.id): plain(list(results(s))) for s in sessions}
    return figures


def everything() -> dict:
    """Every game, the club and the exports, as read."""
    games = list(db.session.scalars(select(Game).order_by(Game.id)))
    return {"games": [game_figures(g) for g in games], "club": club_figures(), "exports": exports_figures(games)}
