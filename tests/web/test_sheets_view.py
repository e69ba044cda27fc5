"""The score-sheet model, the rules box of the pad and the shared partial templates/sheets/_sheet.html."""
from __future__ import annotations

import re

import pytest
from flask import render_template

from app.rules.numbers import points
from app.rules import TeamEntry, all_rulesets, describe_ruleset, get_ruleset, score_hand
from app.sheets.sample import sample_game
from app.render.sheet import (PAD_ROWS, PAD_ROWS_THREE, blank_sheet, game_sheet, sets_text, short_names, team_cell,
                              threes_text, variations_text)


def test_points_are_grouped_with_a_real_minus():
    assert points(0) == "0"
    assert points(15000) == "15,000"
    assert points(-1200) == "\u22121,200"
    assert points(None) == ""


def test_sets_and_threes_are_in_words():
    ruleset = get_ruleset("bolivia")
    entry = TeamEntry(sets={"red_samba": 1, "red_canasta": 2})
    assert sets_text(ruleset, entry) == ("2\u00a0Red Canastas", "Red Samba")   # the rule set's order
    assert sets_text(ruleset, TeamEntry()) == ()
    assert threes_text("Red 3s", 2) == "Red 3s: 2"
    assert threes_text("Black 3s melded", 3) == "Black 3s melded: 3"
    assert threes_text("Red 3s", 0) == ""


def test_penalties_are_named_and_taken_out_of_cards():
    ruleset = get_ruleset("bolivia_plus")
    entry = TeamEntry(table_points=200, hand_points=40, red_threes_in_hand=1, black_threes_in_hand=2,
                      failed_go_outs=1, sets={"natural_canasta": 1}, melded=True)
    result = score_hand(ruleset, [entry, TeamEntry(went_out=True, table_points=300, sets={
        "sequence": 1, "natural_canasta": 1, "mixed_canasta": 1})]).teams[0]
    cell = team_cell(ruleset, entry, result)
    names = dict(cell.penalties)
    assert names == {"Failed go-out": -400, "Red treys in hand": ruleset.red_three_in_hand_points,
                     "Black treys in hand": 2 * ruleset.black_three_in_hand_points}
    assert cell.cards == 200 - 40                                   # cards alone: table less hand points
    assert cell.score == cell.bonus + cell.cards + sum(names.values())


def test_a_team_that_had_not_melded_is_marked(app):
    ruleset = get_ruleset("bolivia")
    entry = TeamEntry(red_threes=2, melded=False, hand_points=100)
    other = TeamEntry(went_out=True, table_points=200, sets={"red_samba": 1, "red_canasta": 1})
    result = score_hand(ruleset, [entry, other]).teams[0]
    cell = team_cell(ruleset, entry, result)
    assert not cell.melded and cell.threes == ("Red 3s: 2",)
    assert cell.bonus < 0                                            # not melded: red 3s count minus


def test_variations_in_words():
    assert variations_text(get_ruleset("sambola", {"solo_go_out": "two_sets"})) == \
        "Jokers in the pack: 9; Going out when each plays alone: two sets"
    assert variations_text(get_ruleset("bolivia_classic")) == ""


def test_short_dealer_names_stay_distinct():
    names = ["Margaret Thompson", "Margaret Evans", "Dorothy Williams", "Ann Lee", "Ann Long", "Bob"]
    short = short_names(names)
    assert short["Dorothy Williams"] == "Dorothy"
    assert short["Margaret Thompson"] == "Margaret T." and short["Margaret Evans"] == "Margaret E."
    assert short["Ann Lee"] == "Ann Lee" and short["Ann Long"] == "Ann Long"
    assert short["Bob"] == "Bob"
    assert len(set(short.values())) == len(names)


def test_game_sheet_follows_the_engine(app):
    with app.app_context():
        game = sample_game("bolivia", hands=10, finished=True, seed=5)
        sheet = game_sheet(game)
        players = [p for team in game.team_players for p in team]
    assert sheet.game_over and not sheet.in_progress and sheet.won_at == 10
    assert [row.number for row in sheet.rows] == list(range(1, 11))
    for row in sheet.rows:
        assert row.dealer in players
        assert sum(cell.went_out for cell in row.cells) == (1 if row.went_out_team else 0)
        for cell in row.cells:
            assert cell.score == cell.bonus + cell.cards + sum(p for _, p in cell.penalties)
    for i, team in enumerate(sheet.teams):
        assert team.total == sheet.rows[-1].cells[i].total
    assert sum(team.is_winner for team in sheet.teams) == 1


def test_blank_sheet_rows():
    ruleset = get_ruleset("sambola")
    assert blank_sheet(ruleset).blank_rows == PAD_ROWS == 20
    three = blank_sheet(ruleset, 3)
    assert three.blank_rows == PAD_ROWS_THREE and three.landscape and three.is_blank
    assert not three.in_progress


def test_rules_box_comes_from_the_engine():
    bolivia = describe_ruleset(get_ruleset("bolivia"))
    assert [(row.label, row.minimum) for row in bolivia.meld_rows] == [
        ("Below 0", 15), ("0 to 1,495", 50), ("1,500 to 2,995", 90), ("3,000 to 6,995", 120), ("7,000 and over", 150)]
    assert bolivia.red_three_summary == "+100 each, all 6: +1,200"
    plus = describe_ruleset(get_ruleset("bolivia_plus"))
    assert plus.red_three_summary == "+100 each up to 3; then 4: 600, 5: 800, 6: 1,000, 7: 1,200, 8: 1,400"
    assert plus.black_three_counts[0] == (3, 300) and plus.black_three_counts[-1] == (8, 1400)
    assert plus.penalties == ("A failed attempt to go out (asked, told yes, and could not): \u2212400 each.",)
    assert plus.going_out.bonus == "Going out earns +400."
    assert bolivia.card_points == "Joker: 50 · 2, A: 20 · K–8: 10 · 7–4, black 3: 5"
    classic = describe_ruleset(get_ruleset("bolivia_classic"))
    assert classic.going_out.sentences[1:] == ("Going out earns +100.", "Going out concealed earns +200.")
    assert any("only for a team that has the sets needed to go out" in line for line in classic.red_threes)


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_rule_set_has_a_code_for_each_set(ruleset):
    codes = [line.code for line in describe_ruleset(ruleset).sets]
    assert len(set(codes)) == len(codes)
    assert all(len(code) <= 3 for code in codes)


def render_partial(app, sheet, **context) -> str:
    """The partial alone, as the game page includes it."""
    with app.test_request_context():
        return render_template("sheets/_sheet.html", sheet=sheet, **context)


def test_partial_renders_a_game(app):
    with app.app_context():
        game = sample_game("bolivia", hands=6, finished=False, seed=2)
        sheet = game_sheet(game)
    html = render_partial(app, sheet)
    assert "sheet.css" not in html                                   # the page (or the PDF) links the stylesheet
    assert html.count('class="hand-row"') == 6
    assert "<thead>" in html and "Totals so far" in html
    assert len(re.findall(r'class="mark">Went out', html)) == sum(1 for r in sheet.rows if r.went_out_team)
    assert html.count("Nobody went out") == sum(1 for r in sheet.rows if not r.went_out_team)
    for shorthand in ("1/1h", "Min.", "3s r/b", "OUT", "conc."):
        assert shorthand not in html
    for team in sheet.teams:
        assert team.name in html and points(team.total) in html
    assert 'data-label="Total"' in html and 'data-label="Next minimum"' in html   # stacked-layout labels
    assert 'data-label="Penalties"' in html


def test_partial_renders_a_blank_pad(app):
    html = render_partial(app, blank_sheet(get_ruleset("bolivia_hoyle")), sheet_print=True)
    assert "sheet.css" not in html
    assert html.count("blank-row") == PAD_ROWS
    assert "Team 1 and players:" in html and "Final totals" in html
    assert "Seq</b> Sequence (500)" in html                          # the pad keeps a key: players write codes
