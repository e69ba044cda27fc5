"""Every kind of refusal the engine can give, for every rule set, reads as the card table speaks.

A refusal's sentence is for a player: no snake_case ids ("red_samba"), no program words ("entries",
"field"). The field path and the stable code keep the ids. The codes walked here are the engine's own
list (app/rules/codes.py), and every Problem the engine's source builds carries one of them, so a new
code cannot be left out of this walk.
"""
from __future__ import annotations

import ast
import itertools
import re
from dataclasses import replace
from pathlib import Path

import pytest

from app.rules import Problem, RuleSet, check_set, get_ruleset, parse_team, parse_teams, replay, table_problems
from app.rules import read_house_rules, validate_hand, variation_problems
from app.rules.codes import ALL_CODES, Code
from app.rules.competition_data import read_competition
from app.rules.draw import TableDraw, draw_problems
from app.rules.handseating import Seating, move_players, swap_players
from app.rules.refusal import Refusal
from app.rules.entries import COUNT_FIELDS
from app.rules.formats import format_problems
from app.rules.operations import (verify_add_hand, verify_call_time, verify_correct_hand, verify_delete_game,
                                  verify_remove_hand)
from app.rules.outcome import Format

from .helpers import RULESET_IDS, GOING_OUT_SETS, is_sentence, out_team, team

SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")
PROGRAM_WORDS = re.compile(r"\b(entries|field)\b", re.IGNORECASE)
ENGINE = Path(__file__).resolve().parents[2] / "app" / "rules"
NAMES = ["Us", "Them"]
#: What builds a problem, and where its code stands among the arguments: Problem(field, message, code),
#: refusal(kind, code, message).
CODE_ARGUMENT = {"Problem": 2, "refusal": 1}


def variants(rid: str) -> list[tuple[RuleSet, int]]:
    """The rule set under every combination of its variations, with the team counts it is played by."""
    base = get_ruleset(rid)
    shared = [v for v in base.variations if not v.solo_only]
    found = []
    for values in itertools.product(*(v.values for v in shared)):
        chosen = {v.id: value for v, value in zip(shared, values)}
        found.append((get_ruleset(rid, chosen), 2))
        for solo in (v for v in base.variations if v.solo_only):
            for value in solo.values:
                found += [(get_ruleset(rid, {**chosen, solo.id: value}), n) for n in base.solo_players]
    return found


def hand_problems(ruleset: RuleSet, teams: int) -> list[Problem]:
    """A hand's entries that break each rule of validation.py, under this rule set."""
    rid, pack = ruleset.id, ruleset.pack
    others = [team(name="Them")] * (teams - 1)
    first = ruleset.set_types[0]

    def check(*entries, progressives=None):
        return validate_hand(ruleset, [*entries, *others][:max(len(entries), teams)], progressives)

    found = validate_hand(ruleset, [team()])                                              # one team only
    found += check(team(name="Us"), progressives=[12] + [0] * (teams - 1))
    found += check(team(sets={"joker_canasta": 1}, table_points=100))                    # a made-up set
    found += check(team(sets={s: 1 for r in RULESET_IDS for s in GOING_OUT_SETS[r] if s not in ruleset.set_ids},
                        table_points=500))                                                # other rule sets' sets
    found += check(team(sets={first.id: -1}))
    for name in COUNT_FIELDS:
        found += check(team(**{name: -5}))
    found += check(team(table_points=12, hand_points=7))
    found += validate_hand(ruleset, [out_team(rid, name="Us"), out_team(rid, name="Them"), *others[1:]])
    found += check(team(name="Us", concealed=True))
    found += check(team(name="Us", went_out=True))
    found += check(team(name="Us", melded=False, table_points=100))
    found += check(team(name="Us", sets={first.id: 1}, table_points=0))
    for count in range(1, pack.black_threes + 1):
        found += check(out_team(rid, name="Us", black_threes_melded=count))
        found += check(team(name="Us", table_points=50, black_threes_melded=count))
    found += check(team(name="Us", red_threes_in_hand=1), out_team(rid, name="Them"))
    found += check(team(name="Us", failed_go_outs=1))
    found += check(team(red_threes=pack.red_threes), team(red_threes=1))
    found += check(team(black_threes_in_hand=pack.black_threes), team(black_threes_in_hand=1))
    found += check(team(table_points=pack.card_points), team(hand_points=5))
    for set_type in ruleset.set_types:
        for count in range(1, pack.wild_cards // 7 + 2):
            least = set_type.min_points * count
            found += check(team(sets={set_type.id: count}, table_points=min(least, pack.card_points)))
    return found


def input_problems() -> list[Problem]:
    """Figures of the wrong type, as an API request may send them (parse.py; no rule set yet)."""
    bad = [[], {"colour_of_cards": 1}, {"name": 5}, {"table_points": 1.5}, {"went_out": "yes"},
           {"melded": "no"}, {"sets": [1]}, {"sets": {"red_samba": "x", "joker_canasta": 1.5}},
           {"progressive": "x"}]
    found = [p for data in bad for p in parse_team(data, "teams[0]")[2]]
    return found + parse_teams({})[2] + parse_teams([{}] * 4)[2]


def table_and_game_problems(ruleset: RuleSet) -> list[Problem]:
    """Rule sets, variations, who sits at the table, and what may be done to a game (operations.py)."""
    rid = ruleset.id
    found = variation_problems("whist_royal", {}) + variation_problems(rid, {"colour_of_backs": "red"})
    found += [p for v in ruleset.variations for p in variation_problems(rid, {v.id: "no_such_value"})]
    found += table_problems(ruleset, [2, 3])
    for v in ruleset.variations:
        if v.solo_only:
            found += table_problems(get_ruleset(rid, {v.id: v.values[-1]}), [2, 2])
    quiet = [team(name="Us", table_points=50), team(name="Them")]
    won = [out_team(rid, name="Us"), team(name="Them")]
    state = replay(ruleset, [quiet, quiet], 2, target=1000)
    found += verify_add_hand(state.closed("ended"), quiet, NAMES) + verify_remove_hand(state.closed("ended"), 2)
    found += verify_add_hand(replay(ruleset, [won], 2, target=1000), quiet, NAMES)
    found += verify_remove_hand(state, 9) + verify_remove_hand(state, 1)
    found += verify_correct_hand(state, 1, won, NAMES) + verify_delete_game(state)
    timed = replay(ruleset, [quiet], 2, target=1000, fmt=Format.of("time"))
    found += verify_call_time(state, NAMES) + verify_call_time(timed.time_called(), NAMES)
    return found


def card_problems(ruleset: RuleSet) -> list[Problem]:
    """Cards the set checker refuses under this rule set (setcheck.py)."""
    texts = ["XX 7H", "", "JK " * (ruleset.pack.jokers + 1), "3H 4H 5H 6H 7H 8H 9H", "7H 7S",
             "2H 2S 2D 2C 2H 2S JK", "2H 2S 2D 2C JK JK JK JK", "4H 5S 6D 7C 8H 9S 10D", "7H 7S 7D 2C 2H 2S 2D",
             "2H 2S 2D 2C JK JK JK"]
    return [p for text in texts for p in check_set(ruleset, text).problems]


def odd_rule_set_card_problems() -> list[Problem]:
    """Two refusals no rule set of today can give, met with a rule set made for the purpose: wild cards
    in a mix no wild set takes, and cards in sequence where there are no sequences."""
    bolivia = get_ruleset("bolivia")
    only_black_bolivia = replace(bolivia, set_types=(bolivia.set_type("black_bolivia"),))
    no_sequences = replace(bolivia, set_types=tuple(s for s in bolivia.set_types if s.shape != "sequence"))
    return [*check_set(only_black_bolivia, "2H 2S 2D 2C 2H 2S 2D").problems,
            *check_set(no_sequences, "4H 5H 6H 7H 8H 9H 10H").problems]


def club_problems(ruleset: RuleSet) -> list[Problem]:
    """A club afternoon: players drawn into tables, and the format (draw.py, formats.py)."""
    players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    found = draw_problems(ruleset, ["Ann", "Ann"] + players[1:]) + draw_problems(ruleset, ["Ann"])
    found += draw_problems(ruleset, players, [("Ann", "Zed"), ("Bob",), ("Ann", "Cy")])
    return found + format_problems("bogus", None) + format_problems("hands", 0) + seat_problems(ruleset)


def seat_problems(ruleset: RuleSet) -> list[Problem]:
    """Seats set by hand after the draw, refused (handseating.py): who is not in the round, a table started,
    no such table, already there, a table left with a number of players the rule set does not allow."""
    seating = Seating((TableDraw(1, (("Ann", "Bob"), ("Cy", "Di")), (0, 0)),
                       TableDraw(2, (("Ed", "Flo"), ("Gus", "Hal")), (0, 0))), ("Ivy",), frozenset({2}))
    asks = [lambda: move_players(ruleset, seating, [""], 1), lambda: move_players(ruleset, seating, ["Zed"], 1),
            lambda: move_players(ruleset, seating, ["Ann"], 2), lambda: move_players(ruleset, seating, ["Ivy"], 9),
            lambda: move_players(ruleset, seating, ["Ann"], 1), lambda: move_players(ruleset, seating, ["Ivy"], 1),
            lambda: move_players(ruleset, seating, ["Ann", "Bob"], None), lambda: swap_players(seating, "Ann", "Ann")]
    found = []
    for ask in asks:
        with pytest.raises(Refusal) as refused:
            ask()
        found += refused.value.problems
    return found


def house_problems(ruleset: RuleSet) -> list[Problem]:
    """House rules on this base that break each rule of house_checks.py."""
    step = lambda start, minimum: {"from": start, "minimum": minimum}  # noqa: E731
    many = ruleset.pack.red_threes
    sent = [
        ("", "x"),
        ("Ours", {"trump": 5, "target": "ten", "going_out_bonus": 7, "concealed_bonus": -100,
                  "black_three_in_hand_points": 100, "failed_go_out_points": -10000, "red_three_in_hand_points": 0,
                  "set_bonuses": {"joker_set": 100}, "unmelded_red_threes": "half",
                  "initial_meld_table": "high", "red_three_table": "lots"}),
        ("Ours", {"set_bonuses": [], "initial_meld_table": [1, 2], "red_three_table": [100]}),
        ("Ours", {"initial_meld_table": [step(0, 50), step(5, 50)],
                  "red_three_table": [100 * (many - n) for n in range(many)]}),
        ("Ours", {"initial_meld_table": [step(None, 15), step(0, 50), step(3000, 120), step(3000, 150),
                                         step(7000, 90)]}),
    ]
    found = []
    for name, changes in sent:
        found += read_house_rules(name, ruleset.id, dict(ruleset.chosen), changes)[1]
    return found


def competition_problems() -> list[Problem]:
    """Competitions' data that breaks each rule of competition_data.py."""
    sent = ["x", {"name": "", "speed": 3, "method": "fastest", "afternoons": "spring"},
            {"name": "Cup", "afternoons": {"from": "1 March", "to": "2026-02-01", "weekday": 9, "when": 1,
                                           "chosen": "all"},
             "counting": {"kind": "best"}, "handicap": {"kind": "rating_on", "fixed": [{"player": ""}]},
             "place_points": []},
            {"name": "Cup", "afternoons": {"from": "2026-03-01", "to": "2026-02-01"},
             "counting": {"kind": "drop_per"}, "handicap": {"fixed": "Ann"}}]
    return [problem for data in sent for problem in read_competition(data)[2]]


def every_problem(rid: str) -> list[Problem]:
    """Every refusal walked for this rule set, under each of its variations."""
    found = input_problems() + competition_problems()
    for ruleset, teams in variants(rid):
        found += hand_problems(ruleset, teams) + table_and_game_problems(ruleset)
        found += card_problems(ruleset) + club_problems(ruleset) + house_problems(ruleset)
    return found


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_no_refusal_uses_program_words(rid):
    found = every_problem(rid)
    assert len({p.code for p in found}) > 40
    for problem in found:
        assert problem.code in ALL_CODES, problem
        assert not SNAKE_CASE.search(problem.message), problem
        assert not PROGRAM_WORDS.search(problem.message), problem
        assert is_sentence(problem.message), problem


def test_the_walk_meets_every_code_the_engine_defines():
    met = {p.code for rid in RULESET_IDS for p in every_problem(rid)}
    met |= {p.code for p in odd_rule_set_card_problems()}
    assert met == ALL_CODES


def test_the_odd_rule_sets_refusals_read_as_sentences():
    for problem in odd_rule_set_card_problems():
        assert not SNAKE_CASE.search(problem.message) and not PROGRAM_WORDS.search(problem.message), problem
        assert is_sentence(problem.message), problem


CODE_SHAPE = re.compile(r"[a-z]+(?:_[a-z0-9]+)*\.[a-z]+(?:_[a-z0-9]+)*")


def code_patterns() -> list[tuple[str, str]]:
    """(where, code or pattern) of every Problem the engine's source builds; an f-string code as a regex.

    A code handed on by name (pack_problems' table of checks) stands for every code-shaped string the
    function spells out.
    """
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            for node in ast.walk(function):
                builder = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
                if builder not in CODE_ARGUMENT:
                    continue
                code = next((k.value for k in node.keywords if k.arg == "code"), None)
                at = CODE_ARGUMENT[builder]
                code = node.args[at] if code is None and len(node.args) > at else code
                where = f"{path.name}:{node.lineno}"
                if isinstance(code, ast.Call) and getattr(code.func, "id", None) == "Code" and len(code.args) == 1:
                    code = code.args[0]                     # Code(f"{field}.not_a_count"): the text it looks up
                if isinstance(code, ast.Attribute) and getattr(code.value, "id", None) == "Code":
                    found.append((where, re.escape(Code[code.attr].value) if code.attr in Code.__members__ else ""))
                elif isinstance(code, ast.Constant) and isinstance(code.value, str):
                    found.append((where, re.escape(code.value)))
                elif isinstance(code, ast.JoinedStr):
                    found.append((where, "".join(re.escape(part.value) if isinstance(part, ast.Constant)
                                                 else "[a-z_]+" for part in code.values)))
                elif isinstance(code, ast.Name) and not (path.name == "refusal.py" and code.id == "code"):
                    named = [c.value for c in ast.walk(function) if isinstance(c, ast.Constant)
                             and isinstance(c.value, str) and CODE_SHAPE.fullmatch(c.value)]
                    named += [Code[c.attr].value for c in ast.walk(function) if isinstance(c, ast.Attribute)
                              and getattr(c.value, "id", None) == "Code" and c.attr in Code.__members__]
                    found += [(where, re.escape(value)) for value in named] or [(where, "")]
                elif not isinstance(code, ast.Name):
                    found.append((where, ""))      # no code, or one the source does not spell out
    return found


def test_every_problem_the_engine_builds_has_a_code_from_its_list():
    patterns = code_patterns()
    assert len(patterns) > 50
    for where, pattern in patterns:
        assert pattern and any(re.fullmatch(pattern, code) for code in ALL_CODES), where
