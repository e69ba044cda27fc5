"""The JSON shape of a rule set as GET /api/v1/rulesets describes it, field by field (app/rules/describe.py), and of
a club's house rules: the same description with their base, changes and version (app/api/house_rules.py)."""
from __future__ import annotations

from app.rules.house_checks import BOUNDS, MELD_STEPS_LIMIT

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


def bounded(key: str, words: str) -> dict:
    """A figure of the changes: a multiple of 5 within the bounds house_checks.py holds it to."""
    low, high = BOUNDS[key]
    return {"type": "integer", "multipleOf": 5, "minimum": low, "maximum": high, "description": words}


MELD_STEP = shape({"from": {"type": ["integer", "null"], "description": "The total this step applies from: null "
                                                                      "for the first (a total below 0), then 0, then "
                                                                      "higher totals."},
                   "minimum": bounded("meld_minimum", "The card points the initial meld needs from that total.")},
                  additionalProperties=False)
#: A club's changes to its base rule set: only the rules a club may change, each left out where the base's stands.
CHANGES = shape({
    "target": bounded("target", "The winning score."),
    "initial_meld_table": {"type": "array", "items": MELD_STEP, "minItems": 2, "maxItems": MELD_STEPS_LIMIT,
                           "description": "The initial-meld steps, rising with the total, never asking less."},
    "set_bonuses": {"type": "object", "additionalProperties": bounded("set_bonus", "The set's bonus."),
                    "description": "The bonus of any set type of the base, by its id: {\"red_canasta\": 600}."},
    "going_out_bonus": bounded("going_out_bonus", "The bonus for going out."),
    "concealed_bonus": bounded("concealed_bonus", "The whole bonus for going out concealed (not an extra)."),
    "red_three_table": {"type": "array", "items": bounded("red_three", "Points for so many red 3s."),
                        "description": "Points for 1, 2, ... red 3s on the table: one figure for each red 3 of the "
                                       "pack, never less for more. Bolivia Plus's melded black treys follow it."},
    "unmelded_red_threes": {"enum": ["negative", "positive"],
                            "description": "Red 3s of a team that has not melded count minus or plus."},
    "black_three_in_hand_points": bounded("black_three_in_hand_points", "Each black 3 left in a hand (0 or less)."),
    "red_three_in_hand_points": bounded("red_three_in_hand_points",
                                        "Each red 3 left in a hand, where the base has the rule (0 or less)."),
    "failed_go_out_points": bounded("failed_go_out_points",
                                    "Each failed go-out, where the base has the rule (0 or less)."),
}, (), additionalProperties=False, description="Only the rules that differ from the base need be given.")
DIFFERENCE = shape({"key": TEXT | {"description": "The change's name (set bonuses: set_bonuses.<set id>)."},
                    "rule": TEXT, "document": TEXT | {"description": "The rule document's value, in words."},
                    "club": TEXT | {"description": "The club's value, in words."}})
HOUSE_RULES = RULESET | {"properties": RULESET["properties"] | {
    "id": COUNT | {"description": "The house rules' number in the club (the {house_rules_id} of /house-rules)."},
    "name": TEXT | {"description": "The club's name for them."},
    "base": TEXT | {"description": "The id of the rule set they change."},
    "changes": CHANGES, "version": COUNT | {"description": "1 when made; each edit makes the next."},
    "created_at": TEXT | {"format": "date-time", "description": "When this version was made (UTC)."},
    "differences": {"type": "array", "items": DIFFERENCE,
                    "description": "Each rule that differs from the base's document, both values in words."}},
    "required": RULESET["required"] + ["base", "changes", "version", "created_at", "differences"]}
