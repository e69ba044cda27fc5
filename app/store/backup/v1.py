"""A backup of format version 1 (the first club releases) read as version 2.

Version 1 named players instead of numbering them and kept no hand times. Its players on the club's list get
the ids of their order in the file (the order of their ids when it was made), the seats the ids of their order,
each hand the time of its first line in the game's record of changes (its last line for the time it was last
changed; the game's own times when the record has none). What the release did not keep takes the value the
database upgrade gives an old row: a game not closed, an empty record of changes.
"""
from __future__ import annotations

from app.store.backup.refusal import BackupRefused


def rows(document: dict, key: str) -> list:
    """A list of the document, or [] when it is missing or not a list (the check then names the problem)."""
    value = document.get(key, [])
    return value if isinstance(value, list) else []


def numbered(items: list) -> None:
    """Give each dict of the list the id of its place."""
    for number, item in enumerate(items, start=1):
        if isinstance(item, dict):
            item.setdefault("id", number)


def hand_times(game: dict, number: int) -> tuple[object, object]:
    """(created, last changed) of a hand from the game's record of changes, else the game's own times."""
    times = [e.get("at") for e in game.get("events") or [] if isinstance(e, dict) and e.get("hand_number") == number
             and e.get("kind") in ("hand_added", "hand_corrected")]
    fallback = game.get("updated_at") or game.get("created_at")
    return (times[0] if times else fallback), (times[-1] if times else fallback)


def upgrade_v1(document: dict) -> dict:
    """The document as version 2; BackupRefused naming every player the file refers to but does not list."""
    problems, notes = [], ["This backup was made by an earlier Treys (format 1): the players get new numbers, "
                            "so bookmarked player pages may show someone else, and each hand takes the time of "
                            "its line in the game's record of changes."]
    games = [g for g in rows(document, "games") if isinstance(g, dict)]
    if any("closed" not in g for g in games):
        notes.append("It does not say which games a table ended, abandoned or deleted, nor keep their record of "
                     "changes: those games come back as they stood before they were closed.")
    numbered(rows(document, "organisers"))
    members = rows(document, "members")
    numbered(members)
    ids = {m.get("name"): m["id"] for m in members if isinstance(m, dict)}
    numbered(rows(document, "seasons"))
    for s_index, session in enumerate(rows(document, "sessions"), start=1):
        if not isinstance(session, dict) or not isinstance(session.get("attendees", []), list):
            continue
        attendees = []
        for name in session.get("attendees", []):
            if name not in ids:
                problems.append(f"Session {session.get('id', s_index)} lists {name!r} as here, but the backup's "
                                "list of players has no such name.")
            attendees.append({"member_id": ids.get(name), "arrived_at": session.get("created_at")})
        session["attendees"] = attendees
    seat = 0
    for game in rows(document, "games"):
        if not isinstance(game, dict):
            continue
        game.setdefault("closed", None)
        game.setdefault("events", [])
        for team in game.get("teams") or []:
            for player in (team.get("players") or []) if isinstance(team, dict) else []:
                if not isinstance(player, dict):
                    continue
                seat += 1
                player.setdefault("id", seat)
                member = player.pop("member", None)
                if member is not None and member not in ids:
                    problems.append(f"Game {game.get('id')} seats {player.get('name')!r} as {member!r}, but the "
                                    "backup's list of players has no such name.")
                player["member_id"] = ids.get(member)
        for number, hand in enumerate(game.get("hands") or [], start=1):
            if isinstance(hand, dict):
                created, changed = hand_times(game, number)
                hand.setdefault("created_at", created)
                hand.setdefault("updated_at", changed)
    if problems:
        raise BackupRefused(problems)
    return dict(document, version=2, notes=notes)
