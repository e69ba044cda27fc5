"""A rule set described as JSON, generated from its RuleSet data (app/rules/model.py)."""
from __future__ import annotations

from app.rules import CARD_POINTS, RuleSet
from app.rules.scoring import trey_value

WINNING_WORDS = {
    "higher_once_reached": "Once any team has reached {target:,}, the team with the higher total wins; "
                           "equal totals at the top: no winner yet, play on.",
    "going_out_team": "Only the team that goes out can win, when its total after that hand reaches "
                      "{target:,}, even if the other team is higher; a hand nobody went out of never "
                      "ends the game.",
}


def points(value: int) -> str:
    """A signed figure for a sentence: '+100', '-5'."""
    return f"{value:+,}"


def red_three_words(ruleset: RuleSet) -> list[str]:
    """What red 3s count, in sentences."""
    words = [f"Red 3s on the table count by the table below (all {ruleset.pack.red_threes}: "
             f"{points(trey_value(ruleset, ruleset.pack.red_threes))})."]
    if ruleset.unmelded_red_threes == "negative":
        words.append("A team that has not melded counts its red 3s as minus by the same table.")
    else:
        words.append("They count plus even when the team has not melded.")
    if ruleset.red_threes_need_going_out_sets:
        words.append("They count only for a team that has the sets needed to go out; otherwise 0.")
    if ruleset.red_threes_in_hand_allowed:
        words.append(f"A red 3 still concealed in a hand counts {points(ruleset.red_three_in_hand_points)}.")
    else:
        words.append("Red 3s are always tabled: none is left in a hand.")
    return words


def black_three_words(ruleset: RuleSet) -> list[str]:
    """What black 3s may do and count, in sentences."""
    low, high = ruleset.black_three_meld_range
    in_hand = f"Each black 3 left in a hand counts {points(ruleset.black_three_in_hand_points)}."
    if ruleset.black_three_melding == "never":
        return ["Black 3s can never be melded.", in_hand]
    if ruleset.black_three_melding == "trey_table":
        return [f"Only the player going out may meld black 3s, {low} to {high} of them; they score "
                "by the same table as red 3s on the table.", in_hand]
    return [f"Only the team going out may meld black 3s ({low} to {high}), "
            f"{CARD_POINTS['3']} points each.", in_hand]


def meld_table(ruleset: RuleSet) -> list[dict]:
    """The initial-meld table as ranges of progressive totals ('to' is inclusive, null: no limit)."""
    steps = ruleset.meld_table
    rows = []
    for i, step in enumerate(steps):
        following = steps[i + 1].from_total if i + 1 < len(steps) else None
        rows.append({"from": step.from_total, "to": None if following is None else following - 5,
                     "minimum": step.minimum})
    return rows


def set_types(ruleset: RuleSet) -> list[dict]:
    """Each set type with its bonus and what it is made of."""
    return [{"id": s.id, "name": s.name, "bonus": s.bonus, "description": s.description,
             "colour": s.colour, "min_points": s.min_points} for s in ruleset.set_types]


def going_out(ruleset: RuleSet) -> dict:
    """The going-out requirement in words and as slots of set ids, and its bonuses."""
    return {
        "requirement": ruleset.requirement.words,
        "slots": [[s.id for s in ruleset.set_types if s.id in slot] for slot in ruleset.requirement.slots],
        "bonus": ruleset.going_out_bonus,
        "concealed_bonus": ruleset.concealed_bonus,
    }


def variations(ruleset: RuleSet) -> list[dict]:
    """Each variation with its allowed values."""
    return [{"id": v.id, "name": v.name, "values": list(v.values), "default": v.default,
             "description": v.description, "solo_only": v.solo_only} for v in ruleset.variations]


def team_options(ruleset: RuleSet) -> dict:
    """Who can play: two teams of these sizes, or players alone."""
    return {"teams": 2, "team_sizes": list(ruleset.team_sizes),
            "solo_players": list(ruleset.solo_players)}


def describe(ruleset: RuleSet) -> dict:
    """Everything a club needs to know about a rule set, as the rulesets endpoints answer it."""
    pack = ruleset.pack
    return {
        "id": ruleset.id,
        "name": ruleset.name,
        "summary": ruleset.summary,
        "source": ruleset.source,
        "target": ruleset.target,
        "pack": {"packs": pack.packs, "jokers": pack.jokers, "red_threes": pack.red_threes,
                 "black_threes": pack.black_threes, "twos": pack.twos},
        "card_points": dict(CARD_POINTS),
        "set_types": set_types(ruleset),
        "going_out": going_out(ruleset),
        "red_threes": {"table": [{"count": n, "points": trey_value(ruleset, n)}
                                 for n in range(1, pack.red_threes + 1)],
                       "rules": red_three_words(ruleset)},
        "black_threes": {"rules": black_three_words(ruleset),
                         "in_hand_points": ruleset.black_three_in_hand_points,
                         "meld_range": None if ruleset.black_three_melding == "never"
                         else list(ruleset.black_three_meld_range)},
        "failed_go_out_points": ruleset.failed_go_out_points,
        "initial_meld_table": meld_table(ruleset),
        "winning": WINNING_WORDS[ruleset.winning].format(target=ruleset.target),
        "variations": variations(ruleset),
        "chosen_variations": dict(ruleset.chosen),
        "house_readings": list(ruleset.house_readings),
        "team_options": team_options(ruleset),
    }
