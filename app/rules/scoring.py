"""Score one hand: each team's bonus and cards as labelled lines (the rules' "Per rule set")."""
from __future__ import annotations

from typing import Sequence

from .entries import BreakdownLine, HandResult, TeamEntry, TeamResult
from .model import BlackThreeMelding, RuleSet, UnmeldedRedThrees
from .progress import decide_winner, initial_meld_minimum
from .requirements import has_going_out_sets
from .validation import InvalidHand, validate_hand


def team_label(entry: TeamEntry, index: int) -> str:
    """The team's name, or 'Team 1', 'Team 2' when it has none."""
    return entry.name or f"Team {index + 1}"


def count(value) -> int:
    """A stored count as the scorer reads it: a whole number 0 or more, anything else 0."""
    if type(value) is int:          # as stored, nearly always: the checks below decide the rest
        return value if value > 0 else 0
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def figure(value) -> int:
    """A stored figure as the scorer reads it: a whole number, anything else 0."""
    return value if type(value) is int or isinstance(value, int) and not isinstance(value, bool) else 0


def trey_value(ruleset: RuleSet, number: int) -> int:
    """What this many red 3s on the table are worth by the rule set's table."""
    return ruleset.red_three_table[min(count(number), len(ruleset.red_three_table) - 1)]


def set_lines(ruleset: RuleSet, entry: TeamEntry) -> list[BreakdownLine]:
    """A bonus line for each type of completed set."""
    if not entry.sets:
        return []
    made = [(s, entry.set_count(s.id)) for s in ruleset.set_types if s.id in entry.sets]
    return [BreakdownLine(f"{s.name} x{number}", s.bonus * number, "bonus", f"sets.{s.id}")
            for s, number in made if number]


def red_three_lines(ruleset: RuleSet, entry: TeamEntry) -> list[BreakdownLine]:
    """Red 3s on the table: plus, minus when not melded (bolivia), or 0 without going-out sets."""
    number = count(entry.red_threes)
    if not number:
        return []
    value = trey_value(ruleset, number)
    label = f"Red {ruleset.threes} x{number}"
    if ruleset.unmelded_red_threes == UnmeldedRedThrees.NEGATIVE and not entry.has_melded:
        value, label = -value, label + " (not melded: minus)"
    if ruleset.red_threes_need_going_out_sets and not has_going_out_sets(ruleset, entry.sets):
        value, label = 0, label + " (no going-out sets: 0)"
    return [BreakdownLine(label, value, "bonus", "red_threes")]


def black_three_lines(ruleset: RuleSet, entry: TeamEntry) -> list[BreakdownLine]:
    """Melded black 3s (card value, or the trey table in bolivia_plus) and those left in hand."""
    lines = []
    melded = count(entry.black_threes_melded)
    label = f"Black {ruleset.threes} melded x{melded}"
    if melded and ruleset.black_three_melding == BlackThreeMelding.TREY_TABLE:
        lines.append(BreakdownLine(label, trey_value(ruleset, melded), "bonus", "black_threes_melded"))
    elif melded:
        lines.append(BreakdownLine(label, 5 * melded, "cards", "black_threes_melded"))
    held = count(entry.black_threes_in_hand)
    if held:
        lines.append(BreakdownLine(f"Black {ruleset.threes} in hand x{held}",
                                   ruleset.black_three_in_hand_points * held, "cards", "black_threes_penalty"))
    return lines


def going_out_lines(ruleset: RuleSet, entry: TeamEntry) -> list[BreakdownLine]:
    """The going-out bonus, concealed or not."""
    if not entry.went_out:
        return []
    if entry.concealed:
        return [BreakdownLine("Going out concealed", ruleset.concealed_bonus, "bonus", "going_out_bonus")]
    return [BreakdownLine("Going out", ruleset.going_out_bonus, "bonus", "going_out_bonus")]


def card_lines(ruleset: RuleSet, entry: TeamEntry) -> list[BreakdownLine]:
    """Table points, minus hand points, red 3s concealed in hand and failed go-outs."""
    lines = []
    table, held_points = figure(entry.table_points), figure(entry.hand_points)
    if table:
        lines.append(BreakdownLine("Table points", table, "cards", "table_points"))
    if held_points:
        lines.append(BreakdownLine("Hand points", -held_points, "cards", "hand_points"))
    held = count(entry.red_threes_in_hand)
    if held:
        lines.append(BreakdownLine(f"Red {ruleset.threes} in hand x{held}",
                                   ruleset.red_three_in_hand_points * held, "cards", "red_threes_penalty"))
    failed = count(entry.failed_go_outs)
    if failed:
        lines.append(BreakdownLine(f"Failed go-out x{failed}",
                                   (ruleset.failed_go_out_points or 0) * failed, "cards", "failed_go_out_penalty"))
    return lines


def breakdown(ruleset: RuleSet, entry: TeamEntry) -> tuple[BreakdownLine, ...]:
    """Every line of a team's hand score, bonus lines first."""
    lines = (set_lines(ruleset, entry) + red_three_lines(ruleset, entry)
             + going_out_lines(ruleset, entry) + card_lines(ruleset, entry)
             + black_three_lines(ruleset, entry))
    return (*(line for line in lines if line.part == "bonus"), *(line for line in lines if line.part != "bonus"))


def score_hand(ruleset: RuleSet, teams: Sequence[TeamEntry],
               progressives: Sequence[int] | None = None, target: int | None = None, *,
               validate: bool = True) -> HandResult:
    """Score a hand; raises InvalidHand with every problem when it is not valid.

    validate=False scores entries already checked (or stored under older rules) as they stand.
    """
    before = list(progressives) if progressives is not None else [0] * len(teams)
    if validate:
        problems = validate_hand(ruleset, teams, before)
        if problems:
            raise InvalidHand(problems)
    target = ruleset.target if target is None else target
    results = []
    for index, (entry, total) in enumerate(zip(teams, before)):
        lines = breakdown(ruleset, entry)
        after = total + sum([line.points for line in lines])
        results.append(TeamResult(team_label(entry, index), lines, total,
                                  initial_meld_minimum(ruleset, after)))
    went_out = next((i for i, entry in enumerate(teams) if entry.went_out), None)
    winner = decide_winner(ruleset, target, [r.progressive for r in results], went_out)
    return HandResult(ruleset.id, target, tuple(results), winner)
