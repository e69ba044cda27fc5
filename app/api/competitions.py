"""The club's competitions in JSON: listed, made from the same data as the page, and one with its table (each row's
counted and dropped afternoons)."""
from __future__ import annotations

from fractions import Fraction

from flask import url_for

from app.api.blueprint import bp
from app.rules.competition_data import FIELDS
from app.rules.competition_rank import AfternoonResult, CompetitionRow as Row, CompetitionTable
from app.rules.competition_words import method_words, score_words
from app.store.club.competition_models import CompetitionRow
from app.store.club.competitions import (club_competitions, competition_row, competition_table,
                                         engine_competition, row_data, save_competition)
from app.web.api_input import read_body, refuse_problems, unknown_fields
from app.web.sign_in import api_organiser

COMPETITION = "<int(max=2147483647):competition_id>"


def figure(value: Fraction) -> int | float:
    """A figure as JSON writes it: whole, or to two places (1.5 games won, 123.33 a game)."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def competition_document(row: CompetitionRow, table: CompetitionTable | None = None) -> dict:
    """A competition: its id, its data as sent, archived or running, and its method in words."""
    words = (method_words(table.competition, table.games_needed) if table is not None
             else method_words(engine_competition(row)))
    return row_data(row) | {"id": row.id, "archived": row.archived_at is not None, "method_words": words}


def afternoon_document(result: AfternoonResult, table: CompetitionTable) -> dict:
    """One afternoon of a row: its session, day, games, won, margin, points, handicap given, place and score."""
    return {"session_id": result.afternoon, "date": result.played_on.isoformat(), "games": result.games,
            "won": figure(result.won), "margin": result.margin, "points": result.points,
            "handicap": result.handicap, "place": result.place, "score": figure(result.score),
            "score_words": score_words(table.competition, result.score)}


def row_document(row: Row, table: CompetitionTable) -> dict:
    """One row of the table, with the afternoons that counted and the ones dropped."""
    return {"place": row.place, "entrant": row.entrant, "players": list(row.players), "qualified": row.qualified,
            "afternoons": row.afternoons, "games": row.games, "partners": row.partners, "won": figure(row.won),
            "margin": row.margin, "points": row.points, "handicap": row.handicap, "score": figure(row.score),
            "score_words": score_words(table.competition, row.score),
            "counted": [afternoon_document(a, table) for a in row.counted],
            "dropped": [afternoon_document(a, table) for a in row.dropped]}


def table_document(row: CompetitionRow) -> dict:
    """A competition with its table, qualified rows first."""
    table = competition_table(row)
    return competition_document(row, table) | {"games_needed": table.games_needed,
                                               "rows": [row_document(r, table) for r in table.rows]}


@bp.get("/competitions")
def list_competitions():
    """The club's competitions by name, running and archived, each with its method in words."""
    api_organiser()
    return {"competitions": [competition_document(row) for row in club_competitions()]}


@bp.post("/competitions")
def create_competition():
    """Make a competition from its data (the afternoons, whom, how, how many count, qualification, handicap);
    201 with its table so far."""
    api_organiser()
    body = read_body()
    refuse_problems(unknown_fields(body, FIELDS))
    row = save_competition(body)
    return table_document(row), 201, {"Location": url_for("api.get_competition", competition_id=row.id)}


@bp.get(f"/competitions/{COMPETITION}")
def get_competition(competition_id: int):
    """One competition with its table; another club's is not found."""
    api_organiser()
    return table_document(competition_row(competition_id, None))
