"""The one write path of a club's competitions (made, changed, archived, copied to a new season) and their reads:
the club's list, one by id, the engine's competition from the row, and its table from the club's history."""
from __future__ import annotations

from dataclasses import replace
from datetime import date

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from app.extensions import db
from app.rules import Problem
from app.rules.codes import Code
from app.rules.competition import Afternoons, Competition, CompetitionGame, HandicapKind
from app.rules.competition_data import competition_data, read_competition
from app.rules.competition_rank import CompetitionTable, rank_competition
from app.rules.outcome import Closing
from app.rules.ranking import GameResult
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.store.base.clubtime import days_utc, in_club_zone
from app.store.base.collector import collector_paused_while
from app.store.base.ids import LARGEST_SMALL_ID
from app.store.club.competition_models import CompetitionAfternoon, CompetitionHandicap, CompetitionRow
from app.store.club.models import ClubSession, Member, Season
from app.store.club.players import find_member
from app.store.game.bulk import read_tallied
from app.store.game.models import Game, utcnow

NOT_DELETED = or_(Game.closed.is_(None), Game.closed != Closing.DELETED.value)


def club_competitions(archived: bool | None = None) -> list[CompetitionRow]:
    """The club's competitions by name (running ones only, archived ones only, or all), with their chosen
    afternoons and handicaps (three statements whatever their number)."""
    query = select(CompetitionRow).options(selectinload(CompetitionRow.afternoons),
                                           selectinload(CompetitionRow.handicaps)).order_by(CompetitionRow.name)
    if archived is not None:
        query = query.where(CompetitionRow.archived_at.is_not(None) if archived else CompetitionRow.archived_at.is_(None))
    return list(db.session.scalars(query))


def competition_row(competition_id, field: str = "id") -> CompetitionRow:
    """The club's competition with this id, or a not-found refusal (another club's is not found either)."""
    row = None
    if isinstance(competition_id, int) and not isinstance(competition_id, bool) and 0 < competition_id <= LARGEST_SMALL_ID:
        row = db.session.get(CompetitionRow, competition_id)
    if row is None:
        raise refuse(RefusalKind.NOT_FOUND, f"The club has no competition number {str(competition_id)[:20]}.",
                     field, Code.COMPETITION_UNKNOWN)
    return row


def row_data(row: CompetitionRow) -> dict:
    """A stored competition as plain data, the same as the page and the API send (players by their names now)."""
    names = member_names({h.member_id for h in row.handicaps})
    afternoons = dict(row.choices.get("afternoons") or {}, season_id=row.season_id,
                      chosen=[a.session_id for a in row.afternoons])
    handicap = dict(row.choices.get("handicap") or {},
                    fixed=[{"player": names.get(h.member_id, ""), "points": h.points} for h in row.handicaps])
    return dict(row.choices, name=row.name, afternoons=afternoons, handicap=handicap)


def member_names(ids) -> dict[int, str]:
    """The members' names now, by id (one statement)."""
    ids = {i for i in ids if i is not None}
    if not ids:
        return {}
    return dict(db.session.execute(select(Member.id, Member.name).where(Member.id.in_(ids))).all())


def engine_competition(row: CompetitionRow) -> Competition:
    """The engine's competition of a stored one: its season's days and name read now."""
    competition, _, _ = read_competition(row_data(row))
    if competition is None:           # stored under other checks: ranked with its name alone, never half-read
        competition = Competition(row.name)
    season = db.session.get(Season, row.season_id) if row.season_id else None
    if season is not None:
        competition = replace(competition, afternoons=replace(
            competition.afternoons, season=season.name, starts_on=season.starts_on, ends_on=season.ends_on))
    return competition


def checked(data) -> tuple[Competition, int | None, list[int], list[tuple[int, int]]]:
    """A competition's data read and checked against the club: its season, chosen afternoons and players known.
    Every problem at once; a refusal when there is one."""
    competition, season_id, problems = read_competition(data)
    if competition is None:
        raise Refusal(RefusalKind.INVALID, problems)
    if season_id is not None and db.session.get(Season, season_id) is None:
        problems.append(Problem("afternoons.season_id", f"The club has no season number {season_id}.",
                                Code.COMPETITION_SEASON_UNKNOWN))
    chosen = list(competition.afternoons.chosen)
    known = set(db.session.scalars(select(ClubSession.id).where(ClubSession.id.in_(chosen)))) if chosen else set()
    problems += [Problem(f"afternoons.chosen[{i}]", f"The club has no afternoon number {n}.",
                         Code.COMPETITION_AFTERNOON_UNKNOWN) for i, n in enumerate(chosen) if n not in known]
    handicaps = []
    for index, (name, points) in enumerate(competition.handicap.fixed):
        member = find_member(name)
        if member is None:
            problems.append(Problem(f"handicap.fixed[{index}].player", f"The club's list has no player called "
                                    f"'{name}'.", Code.COMPETITION_PLAYER))
        elif points:
            handicaps.append((member.id, points))
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)
    return competition, season_id, chosen, handicaps


def taken(name: str, row: CompetitionRow | None) -> bool:
    """True when another of the club's competitions has this name (whatever its capitals)."""
    found = db.session.scalar(select(CompetitionRow.id).where(func.lower(CompetitionRow.name) == name.lower()))
    return found is not None and (row is None or found != row.id)


def save_competition(data, *, competition_id: int | None = None) -> CompetitionRow:
    """Make a competition, or (competition_id) change one, from its data; all or nothing, every problem at once."""
    row = competition_row(competition_id) if competition_id is not None else None
    competition, season_id, chosen, handicaps = checked(data)
    if taken(competition.name, row):
        raise refuse(RefusalKind.CONFLICT, f"The club already has a competition called '{competition.name}': give "
                                           "this one another name.", "name", Code.COMPETITION_NAME_TAKEN)
    if row is None:
        row = CompetitionRow()
        db.session.add(row)
    stored = competition_data(replace(competition, handicap=replace(competition.handicap, fixed=()),
                                      afternoons=replace(competition.afternoons, chosen=())), season_id)
    del stored["name"]
    row.name, row.season_id, row.choices, row.updated_at = competition.name, season_id, stored, utcnow()
    row.afternoons = [CompetitionAfternoon(session_id=session_id) for session_id in chosen]
    row.handicaps = [CompetitionHandicap(member_id=member_id, points=points) for member_id, points in handicaps]
    return committed(row)


def committed(row: CompetitionRow) -> CompetitionRow:
    """Save the change; a clash with another write (or a name taken meanwhile) saves nothing and says so."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise refuse(RefusalKind.CONFLICT, "The competition was changed meanwhile (or its name taken): open it "
                                           "again and make the change anew.", "name",
                     Code.COMPETITION_NAME_TAKEN) from None
    return row


def archive_competition(competition_id: int, archived: bool = True) -> CompetitionRow:
    """Archive a finished competition (it stays readable, no longer running), or bring it back."""
    row = competition_row(competition_id)
    row.archived_at = (row.archived_at or utcnow()) if archived else None
    return committed(row)


def copy_competition(competition_id: int, name: str, season_id: int | None) -> CompetitionRow:
    """This season's competition made from last season's: the same choices and handicaps under a new name, over
    another season (its chosen afternoons are last season's, so none are copied)."""
    data = row_data(competition_row(competition_id))
    afternoons = dict(data["afternoons"], season_id=season_id, chosen=[])
    if season_id is not None:
        afternoons.update({"from": None, "to": None})
    return save_competition(dict(data, name=name, afternoons=afternoons))


def competition_games(competition: Competition) -> list[CompetitionGame]:
    """The club's finished games a competition reads, oldest first, each with its result from the engine's outcome
    (as stored with the game's version) and its players under their names now (a merged player's games under the name kept, a removed one's under
    'Former member N'): the competition's days only, or every game before them too for a rating handicap. A
    fixed number of statements whatever the number of games."""
    where = [Game.finished_at.is_not(None), NOT_DELETED]
    chosen = competition.afternoons
    rated = competition.handicap.kind in (HandicapKind.RATING_ON, HandicapKind.RATING_MOVING)
    if chosen.ends_on is not None:
        where.append(Game.created_at < days_utc(chosen.ends_on, chosen.ends_on)[1])
    if chosen.starts_on is not None and not rated:
        where.append(Game.created_at >= days_utc(chosen.starts_on, chosen.starts_on)[0])
    if chosen.chosen and not rated:
        where.append(Game.session_id.in_(chosen.chosen))
    games = read_tallied(*where, order=(Game.finished_at, Game.id))
    names = member_names({p.member_id for game in games for team in game.teams for p in team.players})
    found = []
    for game in games:
        teams = [[names.get(p.member_id, p.name) for p in team.players] for team in game.teams]
        result = GameResult.of(teams, game.tally.outcome)
        if result is not None:
            found.append(CompetitionGame(in_club_zone(game.created_at).date(), game.session_id, result,
                                         game.tally.totals))
    return found


@collector_paused_while
def competition_table(row: CompetitionRow) -> CompetitionTable:
    """A stored competition's table, worked out from the club's games (their results as stored with them)."""
    competition = engine_competition(row)
    return rank_competition(competition, competition_games(competition))


@collector_paused_while
def preview_table(data) -> CompetitionTable:
    """The table a competition not yet saved would have from the club's history so far (nothing stored)."""
    competition, season_id, _, _ = checked(data)
    season = db.session.get(Season, season_id) if season_id else None
    if season is not None:
        competition = replace(competition, afternoons=replace(
            competition.afternoons, season=season.name, starts_on=season.starts_on, ends_on=season.ends_on))
    return rank_competition(competition, competition_games(competition))


def season_afternoons(season: Season | None) -> Afternoons:
    """A season's afternoons as a competition counts them (none: every afternoon)."""
    if season is None:
        return Afternoons()
    return Afternoons(season.name, season.starts_on, season.ends_on)


def running_tables(day: date | None = None) -> list[tuple[CompetitionRow, CompetitionTable]]:
    """Each running competition with its table (those whose days include `day`, when given)."""
    found = []
    for row in club_competitions(archived=False):
        table = competition_table(row)
        chosen = table.competition.afternoons
        if day is None or ((chosen.starts_on is None or chosen.starts_on <= day)
                           and (chosen.ends_on is None or day <= chosen.ends_on)):
            found.append((row, table))
    return found
