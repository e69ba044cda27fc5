"""A season's standings: the stored games turned into each player's games for the ladder engine."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from sqlalchemy import select

from app.rules import all_rulesets
from app.store.club.house_rules import house_rules_words
from app.extensions import db
from app.rules.ladder import PlayerGame, Standing, method_text, player_games as ladder_lines, rank
from app.store.base.clubtime import club_today, days_utc
from app.store.base.collector import collector_paused_while
from app.store.club.models import Season
from app.store.game.bulk import read_tallied
from app.store.game.models import Game
from app.store.game.results import TalliedGame


def season_games(season: Season) -> list[TalliedGame]:
    """The season's games (started between its first and last day), with their results as stored, at once: each
    counts as its one outcome says (player_games: a game with no result gives no line)."""
    start, end = days_utc(season.starts_on, season.ends_on)      # the club's days, as stored UTC times
    return read_tallied(Game.created_at >= start, Game.created_at < end)


def player_games(game: TalliedGame) -> list[PlayerGame]:
    """Each player's line in a game, from the game's one outcome (no result: none)."""
    return ladder_lines(game.team_players, game.tally.outcome, game.session_id)


@collector_paused_while
def standings(season: Season, games: list[TalliedGame] | None = None) -> list[Standing]:
    """The season's ladder, qualified players first (`games`: the season's games when already read)."""
    lines = [row for game in (season_games(season) if games is None else games) for row in player_games(game)]
    return rank(lines, Fraction(season.qualifying_percent, 100))


def rules_played(games: list[TalliedGame]) -> list[tuple[str, int]]:
    """The rules the games were played by, each with how many: ('Bolivia', 12), ('House rules: Our Bolivia,
    version 1', 4); the most played first."""
    names = {ruleset.id: ruleset.short_name for ruleset in all_rulesets()}
    counts = Counter(f"House rules: {house_rules_words(game.house_rules_version_id)}" if game.house_rules_version_id
                     else names.get(game.ruleset_id, game.ruleset_id) for game in games)
    return counts.most_common()


def all_seasons() -> list[Season]:
    """Every season, latest first."""
    return list(db.session.scalars(select(Season).order_by(Season.starts_on.desc())))


def current_season() -> Season | None:
    """The season the club is in today, else the latest one begun, else None."""
    today = club_today()
    return db.session.scalars(select(Season).where(Season.starts_on <= today)
                              .order_by((Season.ends_on >= today).desc(), Season.starts_on.desc()).limit(1)).first()


def season_method(season: Season, rows) -> str:
    """How this season's ladder is worked out, in words (the qualifying line with its figures)."""
    most = max((row.games for row in rows), default=0)
    return method_text(most, Fraction(season.qualifying_percent, 100))
