"""The club's whole record as one JSON document (format version 3: every id and time kept, with agreements,
calls and substitutes), and the commands
`flask backup FILE` and `flask restore FILE` (the restore itself is app/store/restore.py)."""
from __future__ import annotations

import json
from datetime import date, datetime

import click
from flask.cli import with_appcontext
from sqlalchemy import select

from app.store.clubtime import club_now
from app.extensions import db
from app.store.backup_format import FORMAT, FORMAT_VERSION, BackupRefused
from app.store.club_models import ClubSession, Member, Organiser, Season, SessionEvent, Substitution, TableCall
from app.store.models import Game, GameEvent, HandEntry
from app.store.clubs import ClubProblem, chosen_club
from app.store.restore import plan, write
from app.store.tenancy import in_club

#: Game columns copied as they are.
GAME_FIELDS = ("id", "table_code", "version", "session_id", "session_round", "table_number", "format_kind",
               "format_hands", "last_hand", "closed", "target")
GAME_TIMES = ("created_at", "updated_at", "finished_at")
#: A game's record of changes, copied line by line.
EVENT_FIELDS = ("seq", "kind", "hand_number", "client_token", "before", "after", "actor_kind", "actor_id",
                "actor_label")
SESSION_FIELDS = ("id", "ruleset_id", "variations", "format_kind", "format_hands", "ends_at", "partners",
                  "pairs", "round", "sitting_out", "seed", "agreement")
#: A call to the organiser and a substitute, copied as they are (times as ISO text).
CALL_FIELDS = ("game_id", "table_number", "reason", "called_by", "cleared_by")
SESSION_LINE_FIELDS = ("kind", "words", "actor_kind", "actor_id", "actor_label")
SUBSTITUTE_FIELDS = ("team_position", "seat", "from_hand", "left_name", "left_member_id", "came_name",
                     "came_member_id", "by")


def stamp(value: datetime | date | None) -> str | None:
    """A time or date as ISO text."""
    return None if value is None else value.isoformat()


def dump_members() -> list[dict]:
    """The club's list of players, with their ids (the player pages' addresses)."""
    return [{"id": m.id, "name": m.name, "short_name": m.short_name, "active": m.active,
             "created_at": stamp(m.created_at)} for m in db.session.scalars(select(Member).order_by(Member.id))]


def dump_organisers() -> list[dict]:
    """Organiser accounts, with the password's hash only."""
    return [{"id": o.id, "name": o.name, "password_hash": o.password_hash, "created_at": stamp(o.created_at)}
            for o in db.session.scalars(select(Organiser).order_by(Organiser.id))]


def dump_seasons() -> list[dict]:
    """The ladder's seasons."""
    return [{"id": s.id, "name": s.name, "starts_on": stamp(s.starts_on), "ends_on": stamp(s.ends_on),
             "qualifying_percent": s.qualifying_percent}
            for s in db.session.scalars(select(Season).order_by(Season.id))]


def dump_sessions() -> list[dict]:
    """Club afternoons, who came (by player id, with the time they were ticked), their calls to the organiser and
    their record of changes."""
    rows, calls = [], grouped(db.session.scalars(select(TableCall).order_by(TableCall.id)), "session_id")
    lines = grouped(db.session.scalars(select(SessionEvent).order_by(SessionEvent.id)), "session_id")
    for s in db.session.scalars(select(ClubSession).order_by(ClubSession.id)):
        row = {name: getattr(s, name) for name in SESSION_FIELDS}
        row.update(played_on=stamp(s.played_on), time_called_at=stamp(s.time_called_at),
                   created_at=stamp(s.created_at),
                   attendees=[{"member_id": a.member_id, "arrived_at": stamp(a.arrived_at)} for a in s.attendees],
                   calls=[dict({f: getattr(c, f) for f in CALL_FIELDS}, called_at=stamp(c.called_at),
                               cleared_at=stamp(c.cleared_at)) for c in calls.get(s.id, [])],
                   events=[dict({f: getattr(e, f) for f in SESSION_LINE_FIELDS}, at=stamp(e.at))
                           for e in lines.get(s.id, [])])
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
    row = {name: getattr(game, name) for name in GAME_FIELDS}
    row.update({name: stamp(getattr(game, name)) for name in GAME_TIMES})
    row.update(ruleset=game.ruleset_id, variations=dict(game.variations or {}), table=game.table_label,
               first_dealer=[game.first_dealer_team, game.first_dealer_player],
               teams=[{"name": t.name, "players": [{"id": p.id, "name": p.name, "member_id": p.member_id}
                                                   for p in t.players]} for t in game.teams],
               hands=[{"client_token": h.client_token, "created_at": stamp(h.created_at),
                       "updated_at": stamp(h.updated_at), "agreed_by": h.agreed_by, "agreed_at": stamp(h.agreed_at),
                       "entries": [{f: getattr(e, f) for f in HandEntry.FIELDS} for e in h.entries]}
                      for h in game.hands],
               events=[dump_event(event) for event in game.events],
               substitutions=[dict({f: getattr(sub, f) for f in SUBSTITUTE_FIELDS}, at=stamp(sub.at))
                              for sub in substitutes])
    return row


def dump_event(event: GameEvent) -> dict:
    """One line of a game's record of changes, as stored."""
    row = {name: getattr(event, name) for name in EVENT_FIELDS}
    row["at"] = stamp(event.at)
    return row


def backup_document() -> dict:
    """Everything the club has stored, as one document with a format version."""
    return {"format": FORMAT, "version": FORMAT_VERSION, "made_at": club_now().isoformat(timespec="seconds"),
            "organisers": dump_organisers(), "members": dump_members(), "seasons": dump_seasons(),
            "sessions": dump_sessions(), "games": dump_games()}


def dump_games() -> list[dict]:
    """Every game, with its substitutes."""
    substitutes = grouped(db.session.scalars(select(Substitution).order_by(Substitution.id)), "game_id")
    return [dump_game(g, substitutes.get(g.id, [])) for g in db.session.scalars(select(Game).order_by(Game.id))]


def club_named(slug: str | None) -> int:
    """The club a command works on (the only one, or the one --club names); a ClickException otherwise."""
    try:
        return chosen_club(slug).id
    except ClubProblem as problem:
        raise click.ClickException(str(problem)) from None


CLUB_OPTION = click.option("--club", "slug", help="The club's short name (needed once there are several clubs).")


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, writable=True))
@CLUB_OPTION
@with_appcontext
def backup_command(file: str, slug: str | None = None) -> None:
    """Write one club's whole record to FILE (JSON)."""
    with in_club(club_named(slug)):
        document = backup_document()
    with open(file, "w", encoding="utf-8") as out:
        json.dump(document, out, ensure_ascii=False, indent=1)
    click.echo(f"Backup written to {file}: {len(document['games'])} games, {len(document['members'])} players.")


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--yes", is_flag=True, help="Restore without asking.")
@CLUB_OPTION
@with_appcontext
def restore_command(file: str, yes: bool, slug: str | None = None) -> None:
    """Load FILE (a Treys backup of any release) into a club with no games yet; the whole file is checked first."""
    with open(file, "rb") as source:
        data = source.read()
    with in_club(club_named(slug)):
        restore_into_club(file, data, yes)


def restore_into_club(file: str, data: bytes, yes: bool) -> None:
    """Check, confirm and write a backup into the club in scope, saying what was done."""
    try:
        checked = plan(data)
        for line in checked.sentences():
            click.echo(line)
        if not yes and not click.confirm("Restore it?", default=False):
            raise click.ClickException("Nothing was restored.")
        write(checked)
    except BackupRefused as refused:
        db.session.rollback()
        raise click.ClickException("Nothing was restored. " + " ".join(refused.problems[:10])) from None
    click.echo(f"Restored {checked.summary()} from {file}.")
    if checked.accounts_added:
        click.echo(f"Accounts added from the backup: {', '.join(checked.accounts_added)}.")
    if checked.accounts_kept:
        click.echo(f"Accounts kept as they were: {', '.join(checked.accounts_kept)}.")
    if checked.accounts_skipped:
        click.echo(f"Accounts of the backup not added, their names are taken here: {', '.join(checked.accounts_skipped)}.")


def init_backup(app) -> None:
    """Add the backup and restore commands to `flask`."""
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
