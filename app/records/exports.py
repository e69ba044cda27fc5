"""CSV exports: games, hands (every entered and derived figure), session results, players; stable keys."""
from __future__ import annotations

import json
from operator import attrgetter

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from app.store.club.competitions import club_competitions, competition_table
from app.store.club.house_rules import house_rules_words
from app.store.club.clock import format_of_session, results
from app.store.club.models import Attendance, ClubSession, Member
from app.extensions import db
from app.store.game.models import Game, HandEntry
from app.store.game.bulk import read_games
from app.store.club.reads import games_by_member
from app.store.game.states import state_of
from app.render.csv_text import lines_to_csv, to_csv
from app.store.base.collector import collector_paused_while

#: Most teams a game can have (three players alone at Sambola, three pairs at Bolivia Plus).
TEAM_SLOTS = 3

GAME_COLUMNS = ["game_id", "ruleset", "house_rules", "variations", "target", "table", "session_id", "created_at",
                "finished_at", "hands", "winner", "winner_name", "result", "reason", "margin"] + [
    f"team_{n}_{key}" for n in range(1, TEAM_SLOTS + 1) for key in ("name", "players", "total")]
HAND_COLUMNS = ["game_id", "ruleset", "house_rules", "hand", "team_position", "team", *HandEntry.FIELDS,
                "bonus", "cards", "score", "progressive_before", "progressive",
                "next_initial_meld_minimum", "won_game"]
PLAYER_COLUMNS = ["player_id", "name", "short_name", "active", "games"]
SESSION_RESULT_COLUMNS = ["session_id", "played_on", "ruleset", "house_rules", "format", "rounds", "place", "player",
                          "games_played", "games_won", "margin"]


def all_games() -> list[Game]:
    """Every game with its state, oldest first (a fixed number of statements however long the club's history)."""
    return read_games()


def game_row(game: Game) -> dict:
    """One game: rule set, teams with their players and totals, the winner."""
    state = state_of(game)
    row = {"game_id": game.id, "ruleset": game.ruleset_id,
           "house_rules": house_rules_words(game.house_rules_version_id), "variations": json.dumps(game.variations or {}, sort_keys=True),
           "target": game.target, "table": game.table_label, "session_id": game.session_id,
           "created_at": game.created_at.isoformat(timespec="seconds"),
           "finished_at": game.finished_at and game.finished_at.isoformat(timespec="seconds"),
           "hands": len(state.hands), "winner": None if state.winner is None else state.winner + 1,
           "winner_name": None if state.winner is None else game.team_names[state.winner],
           "result": state.outcome.state.value,
           "reason": state.outcome.reason and state.outcome.reason.value, "margin": state.outcome.margin}
    for n, (team, total) in enumerate(zip(game.teams, state.totals), start=1):
        row.update({f"team_{n}_name": team.name, f"team_{n}_players": " & ".join(p.name for p in team.players),
                    f"team_{n}_total": total})
    return row


def hand_rows(game: Game) -> list[dict]:
    """One row per team per hand: the figures as entered (kept in the game's state) and the engine's score."""
    return [dict(zip(HAND_COLUMNS, line)) for line in hand_lines(game)]


#: The fields of a team's entry, read at once.
entry_figures = attrgetter(*HandEntry.FIELDS)
#: Where the sets stand among them (the engine keeps them read-only: the export shows a plain copy).
SETS = HandEntry.FIELDS.index("sets")


def hand_lines(game: Game) -> list[list]:
    """hand_rows' values in HAND_COLUMNS' order, one list per team per hand (no mapping per row: hands.csv
    writes tens of thousands)."""
    state = state_of(game)
    outcome = state.outcome
    lines = []
    house = house_rules_words(game.house_rules_version_id)
    for number, (entries, result) in enumerate(zip(state.entries, state.hands), start=1):
        for position, (entry, team) in enumerate(zip(entries, result.teams)):
            figures = list(entry_figures(entry))
            figures[SETS] = dict(figures[SETS])
            lines.append([game.id, game.ruleset_id, house, number, position + 1, team.name, *figures,
                          team.bonus, team.cards, team.score, team.progressive_before, team.progressive,
                          team.next_initial_meld_minimum, outcome.winner == position and outcome.at_hand == number])
    return lines


@collector_paused_while
def games_csv() -> str:
    """Every game, one row each."""
    return to_csv(GAME_COLUMNS, [game_row(game) for game in all_games()])


@collector_paused_while
def hands_csv() -> str:
    """Every hand of every game, one row per team per hand."""
    return lines_to_csv(HAND_COLUMNS, [line for game in all_games() for line in hand_lines(game)])


def session_result_rows(session: ClubSession, games: list[Game]) -> list[dict]:
    """A session's results of the day (from its games), one row per player as the results page ranks them."""
    head = {"session_id": session.id, "played_on": session.played_on.isoformat(), "ruleset": session.ruleset_id,
            "house_rules": house_rules_words(session.house_rules_version_id),
            "format": format_of_session(session), "rounds": session.round}
    return [{**head, "place": line.place, "player": line.player, "games_played": line.played,
             "games_won": line.as_dict()["won"], "margin": line.margin} for line in results(session, games)]


@collector_paused_while
def session_results_csv() -> str:
    """Every session's results of the day, oldest session first (every session's games read at once)."""
    made = (ClubSession.played_on, ClubSession.created_at, ClubSession.id)
    sessions = list(db.session.scalars(select(ClubSession).order_by(*made)
                                       .options(selectinload(ClubSession.attendees)
                                                .selectinload(Attendance.member))))
    by_session: dict[int, list[Game]] = {}
    for game in read_games(Game.session_id.is_not(None), order=(Game.session_round, Game.table_number)):
        by_session.setdefault(game.session_id, []).append(game)
    return to_csv(SESSION_RESULT_COLUMNS, [row for session in sessions
                                           for row in session_result_rows(session, by_session.get(session.id, []))])


def players_csv() -> str:
    """The club's list of players and how many games with a result each has played."""
    members = list(db.session.scalars(select(Member).order_by(func.lower(Member.name))))
    counts = games_by_member(members)
    return to_csv(PLAYER_COLUMNS, [{"player_id": m.id, "name": m.name, "short_name": m.short_name,
                                    "active": m.active, "games": counts[m.id]} for m in members])


COMPETITION_COLUMNS = ["competition_id", "competition", "archived", "place", "entrant", "players", "qualified",
                       "afternoons", "games", "won", "margin", "points", "handicap", "score", "counted", "dropped"]


def afternoon_days(results) -> str:
    """The afternoons of a row as their days: '2026-03-02 2026-03-09'."""
    return " ".join(result.played_on.isoformat() for result in results)


@collector_paused_while
def competitions_csv() -> str:
    """Every competition's table, running and archived, one row per entrant with the afternoons counted and
    dropped."""
    rows = []
    for competition in club_competitions():
        table = competition_table(competition)
        rows += [{"competition_id": competition.id, "competition": competition.name,
                  "archived": competition.archived_at is not None, "place": row.place, "entrant": row.entrant,
                  "players": " & ".join(row.players), "qualified": row.qualified, "afternoons": row.afternoons,
                  "games": row.games, "won": float(row.won), "margin": row.margin, "points": row.points,
                  "handicap": row.handicap, "score": round(float(row.score), 2),
                  "counted": afternoon_days(row.counted), "dropped": afternoon_days(row.dropped)}
                 for row in table.rows]
    return to_csv(COMPETITION_COLUMNS, rows)


#: Each export by its name in the address.
EXPORTS = {"games": games_csv, "hands": hands_csv, "session-results": session_results_csv,
           "players": players_csv, "competitions": competitions_csv}
