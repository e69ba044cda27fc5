"""The club's competitions in the backup: each with its choices, its chosen afternoons and the handicaps its
organiser set (by the member), dumped, checked against the rest of the file, and written back."""
from __future__ import annotations

from app.store.backup.format import Backup, CompetitionPart, columns
from app.store.club.competition_models import CompetitionAfternoon, CompetitionHandicap, CompetitionRow
from app.store.club.competitions import club_competitions


def dump_competitions(as_part) -> list[dict]:
    """Every competition, running or archived, with its chosen afternoons and handicaps."""
    return [dict(as_part(row, CompetitionPart), afternoons=[a.session_id for a in row.afternoons],
                 handicaps=[{"member_id": h.member_id, "points": h.points} for h in row.handicaps])
            for row in sorted(club_competitions(), key=lambda row: row.id)]


def competition_problems(backup: Backup) -> list[str]:
    """Every competition that names a season, an afternoon or a player the file does not hold, or a name twice."""
    seasons, sessions = {s.id for s in backup.seasons}, {s.id for s in backup.sessions}
    members = {m.id for m in backup.members}
    problems, names = [], set()
    for part in backup.competitions:
        if part.name.casefold() in names:
            problems.append(f"The backup holds two competitions called '{part.name}'.")
        names.add(part.name.casefold())
        if part.season_id is not None and part.season_id not in seasons:
            problems.append(f"Competition '{part.name}' counts season {part.season_id}, which the backup does not hold.")
        problems += [f"Competition '{part.name}' counts session {n}, which the backup does not hold."
                     for n in part.afternoons if n not in sessions]
        problems += [f"Competition '{part.name}' gives player {h.member_id} a handicap, but the backup has no such "
                     "player." for h in part.handicaps if h.member_id not in members]
    return problems


def competition_rows(backup: Backup) -> list[tuple]:
    """(model, rows) of the competitions, their afternoons and handicaps (after the sessions and players)."""
    return [(CompetitionRow, [columns(part) for part in backup.competitions]),
            (CompetitionAfternoon, [{"competition_id": part.id, "session_id": n}
                                    for part in backup.competitions for n in part.afternoons]),
            (CompetitionHandicap, [{"competition_id": part.id, "member_id": h.member_id, "points": h.points}
                                   for part in backup.competitions for h in part.handicaps])]
