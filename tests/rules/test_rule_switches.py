"""The rule switches are kinds (StrEnum members), their values the words stored and served since the first release."""
import json

import pytest

from app.rules import BlackThreeMelding, UnmeldedRedThrees, Winning, all_rulesets, get_ruleset

from .helpers import RULESET_IDS


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_rule_set_says_its_switches_as_members_of_their_kind(ruleset):
    assert type(ruleset.winning) is Winning
    assert type(ruleset.black_three_melding) is BlackThreeMelding
    assert type(ruleset.unmelded_red_threes) is UnmeldedRedThrees


def test_the_switches_keep_the_words_they_had_as_bare_strings():
    assert {w.value for w in Winning} == {"higher_once_reached", "going_out_team"}
    assert {b.value for b in BlackThreeMelding} == {"never", "card_value", "trey_table"}
    assert {u.value for u in UnmeldedRedThrees} == {"negative", "positive"}
    assert json.dumps([Winning.GOING_OUT_TEAM, BlackThreeMelding.TREY_TABLE]) == '["going_out_team", "trey_table"]'


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_each_rule_set_keeps_its_switches(rid):
    ruleset = get_ruleset(rid)
    expected = {"bolivia": ("higher_once_reached", "card_value", "negative"),
                "sambola": ("higher_once_reached", "never", "positive"),
                "bolivia_plus": ("going_out_team", "trey_table", "positive"),
                "bolivia_classic": ("higher_once_reached", "card_value", "positive"),
                "bolivia_hoyle": ("higher_once_reached", "card_value", "positive")}[rid]
    assert (ruleset.winning, ruleset.black_three_melding, ruleset.unmelded_red_threes) == expected
