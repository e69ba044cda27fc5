"""The club's whole record as one JSON document, and its restore through the game services (issue 8)."""
from __future__ import annotations

import json
from datetime import date, datetime

import click
from flask.cli import with_appcontext
from sqlalchemy import delete, func, select, text

from app.club.models import Attendance, ClubSession, Member, Organiser
from app.extensions import db
from app.models import Game, GameEvent, HandEntry
from app.records.models import Season
from app.rules import TeamEntry
from app.services import GameError, add_hand, create_game

#: The backup document's format; a restore refuses any other.
FORMAT = "treys-backup"
FORMAT_VERSION = 1

#: Game columns copied as they are (the teams, players and hands go through the services).
GAME_FIELDS = ("table_code", "session_round", "table_number", "format_kind", "format_hands",
               "last_hand", "closed")
GAME_TIMES = ("created_at", "updated_at", "finished_at", "ended_at")
#: A game's record of changes, copied line by line (issue 9: every change on record).
EVENT_FIELDS = ("seq", "kind", "hand_number", "client_token", "before", "after", "actor_kind", "actor_id",
                "actor_label")
SESSION_FIELDS = ("ruleset_id", "variations", "format_kind", "format_hands", "ends_at", "partners",
                  "pairs", "round", "sitting_out", "seed")


class RestoreError(Exception):
    """A backup that cannot be restored, with a sentence saying why."""


def stamp(value: datetime | date | None) -> str | None:
    """A time or date as ISO text."""
    return None if value is None else value.isoformat()


def parse_time(value: str | None) -> datetime | None:
    """ISO text back to a time."""
    return None if value is None else datetime.fromisoformat(value)


def dump_members() -> list[dict]:
    """The club's list of players."""
    members = db.session.scalars(select(Member).order_by(Member.id))
    return [{"name": m.name, "short_name": m.short_name, "active": m.active,
             "created_at": stamp(m.created_at)} for m in members]


def dump_organisers() -> list[dict]:
    """Organiser accounts, with the password's hash only."""
    return [{"name": o.name, "password_hash": o.password_hash, "created_at": stamp(o.created_at)}
            for o in db.session.scalars(select(Organiser).order_by(Organiser.id))]


def dump_seasons() -> list[dict]:
    """The ladder's seasons."""
    return [{"name": s.name, "starts_on": stamp(s.starts_on), "ends_on": stamp(s.ends_on),
             "qualifying_percent": s.qualifying_percent}
            for s in db.session.scalars(select(Season).order_by(Season.id))]


def dump_sessions() -> list[dict]:
    """Club afternoons and who came, players by name."""
    rows = []
    for s in db.session.scalars(select(ClubSession).order_by(ClubSession.id)):
        row = {field: getattr(s, field) for field in SESSION_FIELDS}
        row.update(id=s.id, played_on=stamp(s.played_on), time_called_at=stamp(s.time_called_at),
                   created_at=stamp(s.created_at), attendees=[a.member.name for a in s.attendees])
        rows.append(row)
    return rows


def dump_game(game: Game) -> dict:
    """One game as entered: teams, players (with their club entry), every hand's figures."""
    members = dict(db.session.execute(select(Member.id, Member.name)).all())
    row = {field: getattr(game, field) for field in GAME_FIELDS}
    row.update({field: stamp(getattr(game, field)) for field in GAME_TIMES})
    row.update(id=game.id, ruleset=game.ruleset_id, variations=dict(game.variations or {}),
               target=game.target, table=game.table_label, version=game.version,
               session_id=game.session_id, first_dealer=[game.first_dealer_team, game.first_dealer_player],
               teams=[{"name": t.name, "players": [{"name": p.name, "member": members.get(p.member_id)}
                                                   for p in t.players]} for t in game.teams],
               hands=[{"client_token": h.client_token,
                       "entries": [{f: getattr(e, f) for f in HandEntry.FIELDS} for e in h.entries]}
                      for h in game.hands],
               events=[dump_event(event) for event in game.events])
    return row


def dump_event(event: GameEvent) -> dict:
    """One line of a game's record of changes, as stored."""
    row = {field: getattr(event, field) for field in EVENT_FIELDS}
    row["at"] = stamp(event.at)
    return row


def restore_events(game_id: int, events: list[dict]) -> None:
    """Put back the game's record as it was, in place of the lines the restore itself wrote."""
    db.session.execute(delete(GameEvent).where(GameEvent.game_id == game_id))
    db.session.add_all(GameEvent(game_id=game_id, at=parse_time(e["at"]), **{f: e[f] for f in EVENT_FIELDS})
                       for e in events)


def backup_document() -> dict:
    """Everything the club has stored, as one document with a format version.

    Each table is one key; a game's record of changes travels inside its game.
    """
    return {"format": FORMAT, "version": FORMAT_VERSION, "made_at": stamp(datetime.now()),
            "organisers": dump_organisers(), "members": dump_members(), "seasons": dump_seasons(), "sessions": dump_sessions(),
            "games": [dump_game(g) for g in db.session.scalars(select(Game).order_by(Game.id))]}


def is_empty() -> bool:
    """True when the database holds no game, player, session or organiser."""
    return all(db.session.scalar(select(func.count()).select_from(model)) == 0
               for model in (Game, Member, ClubSession, Organiser, Season))


def check_document(document: object) -> dict:
    """The document, or a RestoreError saying why it is not a Treys backup we can read."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RestoreError("This file is not a Treys backup.")
    if document.get("version") != FORMAT_VERSION:
        raise RestoreError(f"This backup has format version {document.get('version')}; "
                           f"this Treys reads version {FORMAT_VERSION}.")
    return document


def restore_club(document: dict) -> dict[int, int]:
    """Organisers, players, seasons and sessions; returns the sessions' new ids by their old ones."""
    for o in document.get("organisers", []):
        db.session.add(Organiser(name=o["name"], password_hash=o["password_hash"],
                                 created_at=parse_time(o["created_at"])))
    members = {}
    for m in document.get("members", []):
        members[m["name"]] = Member(name=m["name"], short_name=m["short_name"], active=m["active"],
                                    created_at=parse_time(m["created_at"]))
        db.session.add(members[m["name"]])
    for s in document.get("seasons", []):
        db.session.add(Season(name=s["name"], starts_on=date.fromisoformat(s["starts_on"]),
                              ends_on=date.fromisoformat(s["ends_on"]), qualifying_percent=s["qualifying_percent"]))
    sessions = {}
    for s in document.get("sessions", []):
        session = ClubSession(played_on=date.fromisoformat(s["played_on"]),
                              time_called_at=parse_time(s["time_called_at"]),
                              created_at=parse_time(s["created_at"]),
                              **{field: s[field] for field in SESSION_FIELDS})
        session.attendees = [Attendance(member=members[name]) for name in s["attendees"]]
        db.session.add(session)
        sessions[s["id"]] = session
    db.session.commit()
    return {old: session.id for old, session in sessions.items()}


def restore_game(row: dict, sessions: dict[int, int]) -> None:
    """One game through create_game and add_hand, so every hand is checked again by the engine."""
    teams = [{"name": t["name"], "players": [p["name"] for p in t["players"]]} for t in row["teams"]]
    game = create_game(row["ruleset"], row["variations"], teams, target=row["target"], table_label=row["table"],
                       first_dealer=tuple(row["first_dealer"]), game_id=row["id"])
    members = dict(db.session.execute(select(Member.name, Member.id)).all())
    for team, data in zip(game.teams, row["teams"]):
        for player, seat in zip(team.players, data["players"]):
            player.member_id = members.get(seat["member"])
    db.session.commit()
    for number, hand in enumerate(row["hands"], start=1):
        entries = [TeamEntry(name=t["name"], **entry) for t, entry in zip(row["teams"], hand["entries"])]
        try:
            add_hand(game, entries, client_token=hand["client_token"])
        except GameError as error:
            raise RestoreError(f"Game {row['id']}, hand {number}: {error}") from error
    for field in GAME_FIELDS:
        setattr(game, field, row[field])
    for field in GAME_TIMES:
        setattr(game, field, parse_time(row[field]))
    game.session_id = sessions.get(row["session_id"])
    db.session.commit()
    if "events" in row:               # backups made before the record was kept have none
        restore_events(game.id, row["events"])
        db.session.commit()
    db.session.execute(text("UPDATE game SET version = :v WHERE id = :id"), {"v": row["version"], "id": row["id"]})
    db.session.commit()


def restore(document: object) -> int:
    """Load a backup into an empty database; returns the number of games restored."""
    document = check_document(document)
    if not is_empty():
        raise RestoreError("This database already holds games or players. A backup is restored only "
                           "into an empty database: make a new one (flask --app app db upgrade) first.")
    sessions = restore_club(document)
    for row in document.get("games", []):
        restore_game(row, sessions)
    if db.engine.dialect.name == "postgresql":
        db.session.execute(text("SELECT setval(pg_get_serial_sequence('game', 'id'), "
                                "COALESCE((SELECT MAX(id) FROM game), 0) + 1, false)"))
        db.session.commit()
    db.session.expire_all()
    return len(document.get("games", []))


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, writable=True))
@with_appcontext
def backup_command(file: str) -> None:
    """Write the club's whole record to FILE (JSON)."""
    document = backup_document()
    with open(file, "w", encoding="utf-8") as out:
        json.dump(document, out, ensure_ascii=False, indent=1)
    click.echo(f"Backup written to {file}: {len(document['games'])} games, {len(document['members'])} players.")


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@with_appcontext
def restore_command(file: str) -> None:
    """Load FILE (a Treys backup) into this empty database, checking every hand again."""
    try:
        with open(file, encoding="utf-8") as source:
            document = json.load(source)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise click.ClickException(f"This file is not a Treys backup ({error}).") from error
    try:
        count = restore(document)
    except RestoreError as error:
        db.session.rollback()
        raise click.ClickException(str(error)) from error
    click.echo(f"Restored {count} games from {file}.")


def init_backup(app) -> None:
    """Add the backup and restore commands to `flask`."""
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
