"""The JSON API, version 1: the tables' routes, and the club's (sessions, players, lists)."""
from app.api.blueprint import bp, club_bp
from app.api import club, club_lists, competitions, house_rules, player_games, players, table, views  # noqa: F401  (each adds its routes)

__all__ = ["bp", "club_bp"]
