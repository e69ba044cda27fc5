"""The rule sets in words (app/rules/describe.py) against the facts of docs/rules.md.

The expected figures are typed from docs/rules.md, not read back from the rule-set data, so a slip in
either shows here. The same description feeds the rules pages, the pad's rules box, the hand form's
hints and GET /api/v1/rulesets.
"""
from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest

from app.rules import (MeldRow, RulesetDescription, all_rulesets, describe_ruleset, get_ruleset, set_code,
                       trey_table_words)

MINUS = "\u2212"

#: docs/rules.md, "Sets and bonuses" / "Sets" of each rule set.
BONUSES = {
    "bolivia": {"red_canasta": 500, "black_canasta": 300, "red_samba": 1500, "black_samba": 1000,
                "mixed_bolivia": 2000, "black_bolivia": 3000, "red_bolivia": 4000},
    "sambola": {"red_canasta": 500, "black_canasta": 300, "red_samba": 1000, "black_samba": 700},
    "bolivia_plus": {"natural_canasta": 500, "mixed_canasta": 300, "sequence": 1500,
                     "wild_canasta": 2500, "pure_wild_canasta": 2500},
    "bolivia_classic": {"natural_canasta": 500, "mixed_canasta": 300, "escalera": 1500, "bolivia": 2500},
    "bolivia_hoyle": {"natural_canasta": 500, "mixed_canasta": 300, "sequence": 500, "bolivia": 2500},
}

#: docs/rules.md, "Initial-meld minimum": (from, to, minimum, label) -- "as bolivia" for three of them.
STANDARD_MELD = [(None, -5, 15, "Below 0"), (0, 1495, 50, "0 to 1,495"), (1500, 2995, 90, "1,500 to 2,995"),
                 (3000, 6995, 120, "3,000 to 6,995"), (7000, None, 150, "7,000 and over")]
PLUS_MELD = [(None, -5, 15, "Below 0"), (0, 3995, 50, "0 to 3,995"), (4000, 7995, 90, "4,000 to 7,995"),
             (8000, 11995, 120, "8,000 to 11,995"), (12000, None, 150, "12,000 and over")]
MELD = {"bolivia": STANDARD_MELD, "sambola": STANDARD_MELD, "bolivia_plus": PLUS_MELD,
        "bolivia_classic": STANDARD_MELD, "bolivia_hoyle": STANDARD_MELD}

#: docs/rules.md, "Red 3s" / "Red treys": points by count on the table, up to all the pack holds.
RED_THREES = {
    "bolivia": [100, 200, 300, 400, 500, 1200],
    "sambola": [100, 200, 300, 400, 500, 1200],
    "bolivia_plus": [100, 200, 300, 600, 800, 1000, 1200, 1400],
    "bolivia_classic": [100, 200, 300, 400, 500, 1000],
    "bolivia_hoyle": [100, 200, 300, 800],
}

#: docs/rules.md, "Going-out bonus" and "concealed": the two bonus sentences.
GOING_OUT = {
    "bolivia": ("Going out earns +200.", "Going out concealed earns the same."),
    "sambola": ("Going out earns +200.", "Going out concealed earns the same."),
    "bolivia_plus": ("Going out earns +400.", "Going out concealed earns the same."),
    "bolivia_classic": ("Going out earns +100.", "Going out concealed earns +200."),
    "bolivia_hoyle": ("Going out earns +100.", "Going out concealed earns +200."),
}

#: docs/rules.md, "Winning": target and who can win.
TARGETS = {"bolivia": 15000, "sambola": 10000, "bolivia_plus": 20000, "bolivia_classic": 15000,
           "bolivia_hoyle": 15000}

#: docs/rules.md, "Pack".
PACKS = {
    "bolivia": "3 packs and 6 jokers: 6 red 3s, 6 black 3s and 12 twos.",
    "sambola": "3 packs and 9 jokers: 6 red 3s, 6 black 3s and 12 twos.",
    "bolivia_plus": "4 packs and 8 jokers: 8 red 3s, 8 black 3s and 16 twos.",
    "bolivia_classic": "3 packs and 6 jokers: 6 red 3s, 6 black 3s and 12 twos.",
    "bolivia_hoyle": "2 packs and 4 jokers: 4 red 3s, 4 black 3s and 8 twos.",
}

#: A decision of docs/rules.md each rule set must show as a house reading (a phrase of it).
HOUSE_READINGS = {
    "bolivia": "-100 also when the stock ran out",
    "sambola": "A third red set does not stand in for the black set",
    "bolivia_plus": "Going out concealed earns the same 400",
    "bolivia_classic": "only for a team that has the sets needed to go out",
    "bolivia_hoyle": "natural canasta and earns 500",
}

RULESETS = pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)


@RULESETS
def test_sets_with_codes_and_bonuses(ruleset):
    described = describe_ruleset(ruleset)
    assert isinstance(described, RulesetDescription)
    assert {s.id: s.bonus for s in described.sets} == BONUSES[ruleset.id]
    codes = [s.code for s in described.sets]
    assert len(set(codes)) == len(codes) and all(1 <= len(code) <= 3 for code in codes)
    assert all(s.name and s.description for s in described.sets)


@RULESETS
def test_initial_meld_table_boundaries(ruleset):
    rows = describe_ruleset(ruleset).meld_rows
    assert [(r.from_total, r.to_total, r.minimum, r.label) for r in rows] == MELD[ruleset.id]
    for row, following in zip(rows, rows[1:]):                     # ranges meet: no total falls between
        assert following.from_total == (row.to_total + 5)
    assert all(isinstance(row, MeldRow) for row in rows)


@RULESETS
def test_red_three_counts(ruleset):
    described = describe_ruleset(ruleset)
    assert described.red_three_counts == tuple(enumerate(RED_THREES[ruleset.id], start=1))
    assert described.red_threes[0] == f"Red 3s on the table: {described.red_three_summary}."
    assert described.red_three_notes == described.red_threes[1:]


@RULESETS
def test_going_out_sentences(ruleset):
    going_out = describe_ruleset(ruleset).going_out
    assert going_out.requirement == f"To go out a team needs {ruleset.requirement.words}."
    assert (going_out.bonus, going_out.concealed) == GOING_OUT[ruleset.id]
    assert going_out.sentences == (going_out.requirement, going_out.bonus, going_out.concealed)


@RULESETS
def test_house_readings_present(ruleset):
    readings = describe_ruleset(ruleset).house_readings
    assert readings and readings == ruleset.house_readings
    assert any(HOUSE_READINGS[ruleset.id] in reading for reading in readings)


@RULESETS
def test_pack_target_and_winning(ruleset):
    described = describe_ruleset(ruleset)
    assert described.pack == PACKS[ruleset.id]
    assert described.target == TARGETS[ruleset.id]
    assert f"{TARGETS[ruleset.id]:,}" in described.winning
    if ruleset.id == "bolivia_plus":
        assert described.winning.startswith("Only the team that goes out can win")
        assert "a hand nobody went out of never ends the game" in described.winning
    else:
        assert "the higher total wins; equal totals at the top: no winner yet, play on." in described.winning


def test_the_threes_in_words():
    bolivia, sambola, plus, classic, hoyle = (describe_ruleset(get_ruleset(rid)) for rid in BONUSES)
    # bolivia: red 3s minus when not melded; black 3s melded by the team going out, 5 each; -100 in hand.
    assert bolivia.red_three_summary == "+100 each, all 6: +1,200"
    assert "A team that has not melded counts its red 3s as minus." in bolivia.red_threes
    assert bolivia.black_threes == (f"A black 3 left in a hand: {MINUS}100 each.",
                                    "Only the team going out may meld black 3s (1 to 6); they count 5 points each.")
    assert bolivia.black_three_counts == () and bolivia.penalties == ()
    # sambola: red 3s plus even when not melded; black 3s never melded, -5 in hand.
    assert "Red 3s count plus even when the team has not melded." in sambola.red_threes
    assert sambola.black_threes == (f"A black 3 left in a hand: {MINUS}5 each.", "Black 3s can never be melded.")
    # bolivia_plus: the trey table, red treys concealed in hand, black treys 3 to 8 by the table, failed go-outs.
    assert plus.red_three_summary == "+100 each up to 3; then 4: 600, 5: 800, 6: 1,000, 7: 1,200, 8: 1,400"
    assert f"A red 3 still in a hand: {MINUS}100 each." in plus.red_threes
    assert plus.black_three_counts == ((3, 300), (4, 600), (5, 800), (6, 1000), (7, 1200), (8, 1400))
    assert "The player going out may meld 3 to 8 black 3s" in plus.black_threes[1]
    assert "(3: 300 · 4: 600 · 5: 800 · 6: 1,000 · 7: 1,200 · 8: 1,400)" in plus.black_threes[1]
    assert plus.penalties == (f"A failed attempt to go out (asked, told yes, and could not): {MINUS}400 each.",)
    # classic: red 3s only with the going-out sets (and no 'plus when not melded' beside it).
    assert classic.red_three_summary == "+100 each, all 6: +1,000"
    assert classic.red_threes[1] == ("Red 3s count only for a team that has the sets needed to go out; "
                                     "otherwise they count 0.")
    assert not any("not melded" in line for line in classic.red_threes)
    # hoyle: 2 packs, all four red 3s +800.
    assert hoyle.red_three_summary == "+100 each, all 4: +800"
    # hoyle: "meld black 3s only into a three- or four-of-a-kind" (no wild card stands in): none, 3 or 4.
    assert hoyle.black_threes[1] == ("Only the team going out may meld black 3s, and only as three or four of "
                                     "a kind: none, 3 or 4. They count 5 points each.")
    assert any("three or four of a kind" in line and "wild cards do not stand in" in line
               for line in hoyle.house_readings)


def test_card_points_and_players():
    bolivia, sambola, plus = (describe_ruleset(get_ruleset(rid)) for rid in ("bolivia", "sambola", "bolivia_plus"))
    assert bolivia.card_points == "Joker: 50 · 2, A: 20 · K–8: 10 · 7–4, black 3: 5"
    assert sambola.card_points == plus.card_points == "Joker: 50 · 2, A: 20 · K–8: 10 · 7–4: 5"
    assert bolivia.players == "4 players (two teams of 2) or 6 players (two teams of 3)."
    assert sambola.players.endswith("; or 2 or 3 players each playing alone.")


def test_variations_change_the_words():
    german = describe_ruleset(get_ruleset("bolivia_plus", {"decks": "german"}))
    assert german.pack.startswith("4 packs and 12 jokers") and "25,000" in german.winning
    original = describe_ruleset(get_ruleset("sambola", {"samba_bonus": "original"}))
    assert {s.id: s.bonus for s in original.sets}["red_samba"] == 1500
    assert [v.id for v in describe_ruleset(get_ruleset("sambola")).variations] == ["jokers", "samba_bonus", "solo_go_out"]


def test_trey_table_words():
    assert trey_table_words((0, 100, 200, 300)) == "+100 each"
    assert trey_table_words((0, 100, 200, 300, 800)) == "+100 each, all 4: +800"
    assert trey_table_words((0, 100, 200, 500, 600)) == "+100 each up to 2; then 3: 500, 4: 600"


def test_set_codes():
    assert set_code("red_samba") == "RS" and set_code("sequence") == "Seq" and set_code("escalera") == "Esc"
    assert set_code("unknown_set") == "unknown_set"


@RULESETS
def test_as_dict_is_the_api_document(ruleset):
    data = describe_ruleset(ruleset).as_dict()
    assert json.loads(json.dumps(data)) == data
    assert [(row["from"], row["to"], row["minimum"]) for row in data["initial_meld_table"]] == [
        row[:3] for row in MELD[ruleset.id]]
    assert [row["points"] for row in data["red_threes"]["table"]] == RED_THREES[ruleset.id]
    assert {s["id"]: s["bonus"] for s in data["set_types"]} == BONUSES[ruleset.id]
    assert data["house_readings"] == list(ruleset.house_readings)
    assert data["red_threes"]["rules"] == list(describe_ruleset(ruleset).red_threes)


def test_the_module_is_pure():
    module = importlib.import_module("app.rules.describe")
    tree = ast.parse(Path(module.__file__).read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(name.split(".")[0] in {"flask", "sqlalchemy", "flask_sqlalchemy", "os", "io", "pathlib"}
                   for name in imported), imported
