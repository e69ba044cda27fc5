"""The JSON shape of a rule set as GET /api/v1/rulesets describes it, field by field (app/rules/describe.py)."""
from __future__ import annotations

COUNT = {"type": "integer"}
TEXT = {"type": "string"}
NAMES = {"type": "array", "items": TEXT}
COUNTS = {"type": "array", "items": COUNT}


def shape(properties: dict, required: tuple[str, ...] | None = None, **more) -> dict:
    """An object with these properties, every one of them sent unless `required` names fewer."""
    return {"type": "object", "properties": properties,
            "required": list(properties if required is None else required)} | more


PACK = shape({"packs": COUNT | {"description": "Packs of 52 cards."}, "jokers": COUNT, "red_threes": COUNT,
              "black_threes": COUNT, "twos": COUNT}, description="What the pack holds.")
SET_TYPE = shape({"id": TEXT, "name": TEXT, "bonus": COUNT, "description": TEXT,
                  "colour": {"enum": ["red", "black"], "description": "red: no wild card; black: has wild cards."},
                  "min_points": COUNT | {"description": "The fewest card points such a set can hold."}})
GOING_OUT = shape({
    "requirement": TEXT | {"description": "The sets a team needs to go out, in words."},
    "slots": {"type": "array", "items": NAMES,
              "description": "One distinct set from each slot (set-type ids) is needed to go out."},
    "bonus": COUNT, "concealed_bonus": COUNT})
RED_THREES = shape({
    "table": {"type": "array", "items": shape({"count": COUNT, "points": COUNT}),
              "description": "The points of so many red 3s on the table."},
    "rules": NAMES})
BLACK_THREES = shape({
    "rules": NAMES, "in_hand_points": COUNT,
    "meld_range": {"type": ["array", "null"], "items": COUNT,
                   "description": "The fewest and most black 3s the team going out may meld; null: never."},
    "meld_counts": COUNTS})
MELD_ROW = shape({"from": {"type": ["integer", "null"], "description": "null: any total below zero."},
                  "to": {"type": ["integer", "null"], "description": "null: no upper limit."},
                  "minimum": COUNT | {"description": "The card points the initial meld needs."}})
VARIATION = shape({"id": TEXT, "name": TEXT, "values": NAMES, "default": TEXT, "description": TEXT,
                   "solo_only": {"type": "boolean", "description": "Only for players alone (three teams of one)."}})
TEAM_OPTIONS = shape({"teams": COUNT, "team_sizes": COUNTS,
                      "solo_players": COUNTS | {"description": "How many players alone the rule set allows."}})
CARD_POINTS = {"type": "object", "additionalProperties": COUNT, "propertyNames": TEXT,
               "description": "Card points by rank (JK, 2, A, K, ... 3)."}
CHOSEN = {"type": "object", "additionalProperties": TEXT, "description": "Each variation's value, by its id."}

RULESET = shape({
    "id": TEXT, "name": TEXT, "summary": TEXT, "source": TEXT, "target": COUNT, "pack": PACK,
    "card_points": CARD_POINTS, "set_types": {"type": "array", "items": SET_TYPE}, "going_out": GOING_OUT,
    "red_threes": RED_THREES, "black_threes": BLACK_THREES,
    "failed_go_out_points": {"type": ["integer", "null"],
                             "description": "Points for a failed attempt to go out; null where the rules have none."},
    "initial_meld_table": {"type": "array", "items": MELD_ROW}, "winning": TEXT | {"description": "How a game is won."},
    "variations": {"type": "array", "items": VARIATION}, "chosen_variations": CHOSEN, "house_readings": NAMES,
    "team_options": TEAM_OPTIONS})
