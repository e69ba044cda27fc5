"""The club's whole record as one JSON document (format version 3: every id and time kept, with agreements,
calls and substitutes); the commands `flask backup FILE` and `flask restore FILE` are app/web/cli.py, the restore
itself app/store/restore.py."""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select

from app.store.clubtime import club_now
from app.extensions import db
from app.store.backup_format import FORMAT, FORMAT_VERSION
from app.store.club_models import ClubSession, Member, Organiser, Season, SessionEvent, Substitution, TableCall
from app.store.member_models import MemberContact
from app.store.models import Game, GameEvent, HandEntry

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
    """The club's list of players, with their ids (the player pages' addresses) and the email addresses they gave."""
    addresses = {c.member_id: c for c in db.session.scalars(select(MemberContact))}
    return [{"id": m.id, "name": m.name, "short_name": m.short_name, "active": m.active,
             "created_at": stamp(m.created_at), **dump_address(addresses.get(m.id))}
            for m in db.session.scalars(select(Member).order_by(Member.id))]


def dump_address(contact: MemberContact | None) -> dict:
    """A member's email address and its stop, when they gave one."""
    if contact is None:
        return {}
    return {"email": contact.email, "email_stop_token": contact.stop_token, "email_added_at": stamp(contact.added_at),
            "email_added_by": contact.added_by, "email_stopped_at": stamp(contact.stopped_at)}


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
