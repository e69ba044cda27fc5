"""The game's record in plain words, for the game page: one sentence per event, a correction's changed figures."""
from __future__ import annotations

from app.rules.entries import ENTRY_FIELDS
from app.rules.numbers import points
from app.rules.operations import EventKind
from app.store.game.gamelog import RecordLine, spoken_time
from app.store.game.models import Game, GameEvent

#: The entry figures a correction can change, in the words of the hand form.
FIGURES = tuple((name, name.replace("_", " ").replace("threes", "{threes}").replace("go outs", "go-outs"))
                for name in ENTRY_FIELDS if name != "sets")


def shown(value) -> str:
    """A figure as the record line shows it."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "not given"}[value]
    return points(value) if isinstance(value, int) else str(value)


def changes(game: Game, before: dict | None, after: dict | None, threes: str) -> list[str]:
    """'Jets table points 450 -> 540': only the figures that changed, with the names from the game."""
    if not before or not after:
        return []
    lines = []
    for name, old, new in zip(game.team_names, before.get("teams", []), after.get("teams", [])):
        for field, words in FIGURES:
            if old.get(field) != new.get(field):
                lines.append(f"{name} {words.format(threes=threes)} {shown(old.get(field))} -> {shown(new.get(field))}")
        old_sets, new_sets = old.get("sets") or {}, new.get("sets") or {}
        for set_id in sorted(set(old_sets) | set(new_sets)):
            if old_sets.get(set_id, 0) != new_sets.get(set_id, 0):
                lines.append(f"{name} {set_id.replace('_', ' ')} {old_sets.get(set_id, 0)} -> {new_sets.get(set_id, 0)}")
    return lines


def result_words(after: dict | None) -> str:
    """How an ended game came out, in words."""
    after = after or {}
    if after.get("winner_name"):
        return f"{after['winner_name']} won on the higher total"
    return "a draw (equal totals)" if after.get("draw") else "no result (no hand was entered)"


def event_sentence(game: Game, event: GameEvent | RecordLine, threes: str = "3s") -> str:
    """One line of the record in plain words: 'Hand 3 corrected at 15:42 by Table 2's tablet: ...'."""
    when, who = spoken_time(event.at), event.actor_label or "a tablet"
    head = {
        EventKind.GAME_OPENED: f"Game opened at {when} by {who}",
        EventKind.HAND_ADDED: f"Hand {event.hand_number} entered at {when} by {who}",
        EventKind.HAND_CORRECTED: f"Hand {event.hand_number} corrected at {when} by {who}",
        EventKind.HAND_REMOVED: f"Hand {event.hand_number} removed at {when} by {who}",
        EventKind.GAME_ENDED: f"Game ended early at {when} by {who}: {result_words(event.after)}",
        EventKind.GAME_ABANDONED: f"Game abandoned at {when} by {who} (no result)",
        EventKind.GAME_DELETED: f"Game deleted at {when} by {who}",
        EventKind.TIME_CALLED: f"Time called at {when} by {who}: hand {event.hand_number} is the last",
        EventKind.CODE_RESET: f"Table code reset at {when} by {who}",
    }.get(event.kind, f"{event.kind} at {when} by {who}")
    changed = changes(game, event.before, event.after, threes) if event.kind == EventKind.HAND_CORRECTED else []
    return head + (": " + "; ".join(changed) if changed else "")
