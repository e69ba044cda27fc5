"""Stable keys: every problem has a code and every breakdown line a kind, so nothing depends on wording."""
import ast
from pathlib import Path

import pytest

from app.rules import codes, get_ruleset, score_hand, validate_hand
from app.rules.codes import Code
from app.rules.entries import COUNT_FIELDS
from app.rules.operations import winner_sentence

from .helpers import RULESET_IDS, codes_of, team

BAD_ENTRIES = [
    ("bolivia", [team(table_points=-5), team(hand_points=7)], ["table_points.not_a_count", "hand_points.not_multiple_of_5"]),
    ("bolivia", [team(went_out=True), team()], ["went_out.missing_sets"]),
    ("bolivia", [team(concealed=True), team()], ["concealed.without_going_out"]),
    ("bolivia", [team(sets={"red_samba": 1, "red_canasta": 1}, table_points=400, went_out=True),
                 team(sets={"red_samba": 1, "red_canasta": 1}, table_points=400, went_out=True)],
     ["went_out.more_than_one"]),
    ("bolivia", [team(melded=False, table_points=100), team()], ["melded.has_cards"]),
    ("bolivia", [team(sets={"red_bolivia": 1}, table_points=100), team()], ["table_points.below_sets"]),
    ("bolivia", [team(table_points=1000), team(hand_points=745)], ["pack.card_points"]),
    ("bolivia", [team(red_threes=4), team(red_threes=3)], ["pack.red_threes"]),
    ("sambola", [team(black_threes_melded=3), team()], ["black_threes_melded.never"]),
    ("bolivia", [team(red_threes_in_hand=1), team()], ["red_threes_in_hand.not_allowed"]),
    ("bolivia", [team(failed_go_outs=1), team()], ["failed_go_outs.not_allowed"]),
    ("bolivia", [team(sets={"sequence": 1}, table_points=50), team()], ["sets.unknown_type"]),
]


@pytest.mark.parametrize("rid,entries,codes", BAD_ENTRIES)
def test_each_refusal_has_its_stable_code(rid, entries, codes):
    assert codes_of(validate_hand(get_ruleset(rid), entries)) == codes


def test_every_problem_the_engine_gives_has_a_code():
    for rid, entries, _ in BAD_ENTRIES:
        for problem in validate_hand(get_ruleset(rid), entries):
            assert problem.code and "." in problem.code


def test_breakdown_lines_carry_kinds_whatever_the_labels_say():
    result = score_hand(get_ruleset("bolivia_plus"), [
        team(sets={"sequence": 1, "natural_canasta": 1, "mixed_canasta": 1}, red_threes=4, table_points=600,
             went_out=True, black_threes_melded=3, hand_points=0),
        team(sets={"natural_canasta": 1}, table_points=200, hand_points=100, black_threes_in_hand=1,
             red_threes_in_hand=1, failed_go_outs=1)])
    out, other = result.teams
    assert {line.kind: line.points for line in out.breakdown} == {
        "sets.sequence": 1500, "sets.natural_canasta": 500, "sets.mixed_canasta": 300, "red_threes": 600,
        "going_out_bonus": 400, "table_points": 600, "black_threes_melded": 300}
    assert {line.kind: line.points for line in other.breakdown} == {
        "sets.natural_canasta": 500, "table_points": 200, "hand_points": -100, "black_threes_penalty": -100,
        "red_threes_penalty": -100, "failed_go_out_penalty": -400}


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_line_of_every_rule_set_has_a_kind(rid):
    ruleset = get_ruleset(rid)
    result = score_hand(ruleset, [team(red_threes=1, table_points=100, hand_points=50, black_threes_in_hand=1),
                                  team(hand_points=30)])
    for team_result in result.teams:
        assert team_result.breakdown and all(line.kind for line in team_result.breakdown)


def test_wording_treys_for_bolivia_plus_and_3s_elsewhere():
    plus = score_hand(get_ruleset("bolivia_plus"), [team(red_threes=2, table_points=100), team()])
    plain = score_hand(get_ruleset("bolivia"), [team(red_threes=2, table_points=100), team()])
    assert [line.label for line in plus.teams[0].breakdown if line.kind == "red_threes"] == ["Red treys x2"]
    assert [line.label for line in plain.teams[0].breakdown if line.kind == "red_threes"] == ["Red 3s x2"]


def test_messages_use_separators_players_alone_and_not_the_long_rule_set_name():
    ruleset = get_ruleset("sambola")
    found = validate_hand(ruleset, [team(table_points=1000), team(hand_points=500), team(hand_points=400)])
    assert codes_of(found) == ["pack.card_points"]
    assert found[0].message == ("The three teams' card points add up to 1,900, but a Sambola pack with 9 jokers "
                                "holds only 1,890.")
    plus = get_ruleset("bolivia_plus")
    message = validate_hand(plus, [team(went_out=True), team()])[0].message
    assert plus.name not in message


@pytest.mark.parametrize("name,sentence", [
    ("Jean", "Jean wins the game."), ("Jets", "Jets win the game."), ("Ann and Bob", "Ann and Bob win the game."),
    ("North-South", "North-South wins the game."), ("Team 1", "Team 1 wins the game."),
])
def test_the_winner_sentence_agrees_with_the_name(name, sentence):
    assert winner_sentence(name) == sentence


APP = Path(__file__).resolve().parents[2] / "app"
#: Where a problem's code is its argument: Problem(field, message, code), refuse(kind, message, field, code).
CODE_AT = {"Problem": 2, "refuse": 3}


def codes_made(*, missing: bool = False) -> list[tuple[str, ast.expr | None]]:
    """(where, the code's expression) of every Problem and refusal the app makes with a code (`missing`: of every
    one made without one, the expression None)."""
    found = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            at = CODE_AT.get(getattr(node.func, "id", None)) if isinstance(node, ast.Call) else None
            if at is None:
                continue
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            code = node.args[at] if code is None and len(node.args) > at else code
            given = code is not None and not (isinstance(code, ast.Constant) and code.value == "")
            if given != missing:
                found.append((f"{path.relative_to(APP)}:{node.lineno}", code if given else None))
    return found


def test_every_problem_the_app_makes_carries_a_code_of_the_registry():
    assert [where for where, _ in codes_made(missing=True)] == []


def test_every_code_is_in_one_group_of_the_registry():
    groups = [codes.HAND_CODES, codes.INPUT_CODES, codes.TABLE_CODES, codes.GAME_CODES, codes.CARD_CODES,
              codes.CLUB_CODES, codes.SEAT_CODES, codes.WRITE_CODES, codes.REQUEST_CODES, codes.SESSION_CODES,
              codes.BODY_CODES, codes.EDGE_CODES, codes.HOUSE_CODES, codes.HOUSE_STORE_CODES,
              codes.COMPETITION_CODES, codes.COMPETITION_STORE_CODES]
    assert set().union(*groups) == set(Code) and sum(map(len, groups)) == len(Code)


def test_every_code_the_app_makes_comes_from_the_registry():
    made = codes_made()
    assert len(made) > 80
    for where, code in made:
        assert not isinstance(code, ast.Constant), f"{where}: a code as text ({code.value!r}), not Code's member"
        if isinstance(code, ast.Attribute) and getattr(code.value, "id", None) == "Code":
            assert code.attr in Code.__members__, where
        elif isinstance(code, ast.Call):
            assert getattr(code.func, "id", None) == "Code", where      # Code(f"{field}.not_a_count"): looked up
        else:
            assert isinstance(code, ast.Name), f"{where}: {ast.unparse(code)}"


def test_a_code_built_from_a_field_is_looked_up_in_the_registry():
    assert [Code(f"{name}.not_a_count") for name in COUNT_FIELDS]
    with pytest.raises(ValueError):
        Code("went_out.not_a_count")
