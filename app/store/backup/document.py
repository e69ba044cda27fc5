"""The club's whole record as one JSON document (format version 3: every id and time kept, with agreements,
calls and substitutes); the commands `flask backup FILE` and `flask restore FILE` are app/server/cli.py, the restore
itself app/store/backup/restore.py."""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select

from app.store.backup.competitions import dump_competitions
from app.store.backup.format import HouseRulesPart, HouseRulesVersionPart
from app.store.club.house_models import HouseRulesRow
from app.store.club.house_rules import club_house_rules
from app.store.base.clubtime import club_now
from app.extensions import db
from app.store.backup.format import (FORMAT, FORMAT_VERSION, AttendeePart, CallPart, EntryPart, EventPart, GamePart,
                                     HandPart, MemberPart, OrganiserPart, Part, SeasonPart, SeatPart, SessionLinePart,
                                     SessionPart, SubstitutePart, TeamPart)
from app.store.club.models import ClubSession, Member, Season, SessionEvent, Substitution, TableCall
from app.store.people.models import MemberContact, Organiser
from app.store.game.models import Game


def stamp(value: datetime | date | None) -> str | None:
    """A time or date as ISO text."""
    return None if value is None else value.isoformat()


def as_part(row, part: type[Part]) -> dict:
    """A stored row's columns as the file's part holds them (its COLUMNS, in order; dates and times as ISO text)."""
    values = {name: getattr(row, name) for name in part.COLUMNS}
    return {name: stamp(value) if isinstance(value, (date, datetime)) else value for name, value in values.items()}


def dump_members() -> list[dict]:
    """The club's list of players, with their ids (the player pages' addresses) and the email addresses they gave."""
    addresses = {c.member_id: c for c in db.session.scalars(select(MemberContact))}
    return [dict(as_part(m, MemberPart), **dump_address(addresses.get(m.id)))
            for m in db.session.scalars(select(Member).order_by(Member.id))]


def dump_address(contact: MemberContact | None) -> dict:
    """A member's email address and its stop, when they gave one."""
    if contact is None:
        return {}
    return {"email": contact.email, "email_stop_token": contact.stop_token, "email_added_at": stamp(contact.added_at),
            "email_added_by": contact.added_by, "email_stopped_at": stamp(contact.stopped_at)}


def dump_organisers() -> list[dict]:
    """Organiser accounts, with the password's hash only."""
    return [as_part(o, OrganiserPart)
            for o in db.session.scalars(select(Organiser).order_by(Organiser.id))]


def dump_seasons() -> list[dict]:
    """The ladder's seasons."""
    return [as_part(s, SeasonPart)
            for s in db.session.scalars(select(Season).order_by(Season.id))]


def dump_house_rules() -> list[dict]:
    """The club's house rules, each with every version (the games keep theirs by id)."""
    rows: list[HouseRulesRow] = sorted(club_house_rules(), key=lambda row: row.id)
    return [dict(as_part(row, HouseRulesPart), versions=[as_part(v, HouseRulesVersionPart) for v in row.versions])
            for row in rows]


def dump_sessions() -> list[dict]:
    """Club afternoons, who came (by player id, with the time they were ticked), their calls to the organiser and
    their record of changes."""
    rows, calls = [], grouped(db.session.scalars(select(TableCall).order_by(TableCall.id)), "session_id")
    lines = grouped(db.session.scalars(select(SessionEvent).order_by(SessionEvent.id)), "session_id")
    for s in db.session.scalars(select(ClubSession).order_by(ClubSession.id)):
        row = as_part(s, SessionPart)
        row.update(attendees=[as_part(a, AttendeePart) for a in s.attendees],
                   calls=[as_part(c, CallPart) for c in calls.get(s.id, [])],
                   events=[as_part(e, SessionLinePart) for e in lines.get(s.id, [])])
        rows.append(row)
    return rows


def grouped(rows, key: str) -> dict[int, list]:
    """Rows by the id they belong to, in the order given."""
    groups: dict[int, list] = {}
    for row in rows:
        groups.setdefault(getattr(row, key), []).append(row)
    return groups


def dump_game(game: Game, substitutes: list[Substitution]) -> dict:
    """One game as stored: teams, seats (with ids), every hand's figures, times and agreement, its record of
    changes and its substitutes."""
    row = as_part(game, GamePart)
    row.update(ruleset=game.ruleset_id, variations=dict(game.variations or {}), table=game.table_label,
               first_dealer=[game.first_dealer_team, game.first_dealer_player],
               teams=[dict(as_part(t, TeamPart), players=[as_part(p, SeatPart) for p in t.players])
                      for t in game.teams],
               hands=[dict(as_part(h, HandPart), entries=[as_part(e, EntryPart) for e in h.entries])
                      for h in game.hands],
               events=[as_part(event, EventPart) for event in game.events],
               substitutions=[as_part(sub, SubstitutePart) for sub in substitutes])
    return row


def backup_document() -> dict:
    """Everything the club has stored, as one document with a format version."""
    return {"format": FORMAT, "version": FORMAT_VERSION, "made_at": club_now().isoformat(timespec="seconds"),
            "organisers": dump_organisers(), "members": dump_members(), "seasons": dump_seasons(),
            "house_rules": dump_house_rules(), "sessions": dump_sessions(), "games": dump_games(),
            "competitions": dump_competitions(as_part)}


def dump_games() -> list[dict]:
    """Every game, with its substitutes."""
    substitutes = grouped(db.session.scalars(select(Substitution).order_by(Substitution.id)), "game_id")
    return [dump_game(g, substitutes.get(g.id, [])) for g in db.session.scalars(select(Game).order_by(Game.id))]
