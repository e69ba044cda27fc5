"""Whether a team has the sets its rule set requires to go out, and what it lacks."""
from __future__ import annotations

from itertools import product
from typing import Mapping

from .model import RuleSet



def missing_slots(ruleset: RuleSet, sets: Mapping[str, int]) -> list[frozenset[str]]:
    """The requirement slots no set can fill, under the best assignment of the team's sets."""
    slots = ruleset.requirement.slots

    def badness(unfilled: list[frozenset[str]]) -> tuple[int, int]:
        # Fewest unfilled slots; among those, leave the least specific ones unfilled, so a team
        # holding a Sequence is told it lacks "one more set", not "a Sequence".
        return len(unfilled), -sum(len(slot) for slot in unfilled)

    best: list[frozenset[str]] = list(slots)
    for choice in product(*[[None, *sorted(slot)] for slot in slots]):
        used: dict[str, int] = {}
        for set_id in choice:
            if set_id is not None:
                used[set_id] = used.get(set_id, 0) + 1
        if any(count > sets.get(set_id, 0) for set_id, count in used.items()):
            continue
        unfilled = [slot for slot, set_id in zip(slots, choice) if set_id is None]
        if badness(unfilled) < badness(best):
            best = unfilled
    return best


def has_going_out_sets(ruleset: RuleSet, sets: Mapping[str, int]) -> bool:
    """True when the team's completed sets meet the going-out requirement."""
    return not missing_slots(ruleset, sets)


def describe_sets(ruleset: RuleSet, sets: Mapping[str, int]) -> str:
    """A team's completed sets in words: '2 Red Canastas and 1 Black Samba'."""
    parts = []
    for set_type in ruleset.set_types:
        count = sets.get(set_type.id, 0)
        if count:
            parts.append(f"{count} {set_type.name}{'s' if count > 1 else ''}")
    if not parts:
        return "no completed sets"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_slot(ruleset: RuleSet, slot: frozenset[str]) -> str:
    """One missing slot in words: 'a Red Samba or Black Samba', or 'one more set'."""
    if len(slot) == len(ruleset.set_types):
        return "one more set of any kind"
    names = [s.name for s in ruleset.set_types if s.id in slot]
    return ("an " if names[0][0] in "AEIOU" else "a ") + " or ".join(names)


def going_out_message(ruleset: RuleSet, team_name: str, sets: Mapping[str, int]) -> str:
    """Why a team cannot go out, naming what the rules need, what it has and what it lacks."""
    missing = missing_slots(ruleset, sets)
    lacks = "; ".join(describe_slot(ruleset, slot) for slot in missing)
    return (f"{team_name} cannot go out: going out needs {ruleset.requirement.words}; "
            f"they have {describe_sets(ruleset, sets)} (missing: {lacks}).")
