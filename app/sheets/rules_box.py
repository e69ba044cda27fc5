"""A rule set's scoring in short lines for the box on a blank score pad, all from the engine's data."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from app.rules import CARD_POINTS, RuleSet
from app.sheets.blueprint import points
from app.sheets.view import short_name

SPELLED = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True)
class SetLine:
    """One set type in the key: code, name, bonus and what it is made of."""

    code: str
    name: str
    bonus: int
    description: str


@dataclass(frozen=True)
class RulesSummary:
    """What a club needs to score this rule set on paper."""

    pack: str
    target: str
    sets: tuple[SetLine, ...]
    going_out: tuple[str, ...]
    red_threes: tuple[str, ...]
    black_threes: tuple[str, ...]
    penalties: tuple[str, ...]
    meld_table: tuple[tuple[str, int], ...]
    card_points: str
    house_readings: tuple[str, ...]
    red_three_counts: tuple[tuple[int, int], ...] = ()
    black_three_counts: tuple[tuple[int, int], ...] = ()


def trey_table_text(table: tuple[int, ...], start: int = 1) -> str:
    """'100 each; all 6: 1,200' or '3: 300 · 4: 600 · …' from a bonus-by-count table."""
    counts = range(start, len(table))
    each = table[1] if len(table) > 1 else 0
    linear = [n for n in counts if table[n] == n * each]
    if start == 1 and linear and linear[0] == 1:
        run = max(n for n in linear if all(table[k] == k * each for k in range(1, n + 1)))
        rest = [f"{n}: {points(table[n])}" for n in range(run + 1, len(table))]
        if not rest:
            return f"{points(each)} each"
        if len(rest) == 1 and run + 1 == len(table) - 1:
            return f"{points(each)} each; all {len(table) - 1}: {points(table[-1])} in total"
        return f"{points(each)} each up to {run}; then " + " · ".join(rest)
    return " · ".join(f"{n}: {points(table[n])}" for n in counts)


def going_out_lines(ruleset: RuleSet) -> tuple[str, ...]:
    """The requirement and the bonus."""
    bonus = f"Going out: {points(ruleset.going_out_bonus)}"
    if ruleset.concealed_bonus == ruleset.going_out_bonus:
        bonus += f" (concealed: the same {points(ruleset.concealed_bonus)})"
    else:
        bonus += f"; going out concealed: {points(ruleset.concealed_bonus)}"
    return (f"To go out a team needs {ruleset.requirement.words}.", bonus + ".")


def red_three_lines(ruleset: RuleSet) -> tuple[str, ...]:
    """How red 3s score."""
    lines = [f"On the table: {trey_table_text(ruleset.red_three_table)}."]
    if ruleset.red_threes_need_going_out_sets:
        lines.append("They count only for a team that has the sets needed to go out; otherwise 0.")
    elif ruleset.unmelded_red_threes == "negative":
        lines.append("A team that has not melded counts them minus.")
    else:
        lines.append("They count plus even when the team has not melded.")
    if ruleset.red_threes_in_hand_allowed:
        lines.append(f"Left concealed in a hand: {points(ruleset.red_three_in_hand_points)} each.")
    return tuple(lines)


def black_three_lines(ruleset: RuleSet) -> tuple[str, ...]:
    """How black 3s score, in a hand and melded."""
    lines = [f"Left in a hand: {points(ruleset.black_three_in_hand_points)} each."]
    low, high = ruleset.black_three_meld_range
    if ruleset.black_three_melding == "never":
        lines.append("They can never be melded.")
    elif ruleset.black_three_melding == "card_value":
        lines.append(f"Only the team going out may meld them: {points(CARD_POINTS['3'])} each.")
    else:
        table = ruleset.red_three_table
        scores = " · ".join(f"{n}: {points(table[n])}" for n in range(low, min(high, len(table) - 1) + 1))
        lines.append(f"The player going out may meld {low} to {high}; they score like red 3s "
                     f"on the table ({scores}).")
    return tuple(lines)


def black_three_counts(ruleset: RuleSet) -> tuple[tuple[int, int], ...]:
    """(count, points) for melded black 3s scored by the trey table; () otherwise."""
    if ruleset.black_three_melding != "trey_table":
        return ()
    low, high = ruleset.black_three_meld_range
    table = ruleset.red_three_table
    return tuple((n, table[n]) for n in range(low, min(high, len(table) - 1) + 1))


def meld_rows(ruleset: RuleSet) -> tuple[tuple[str, int], ...]:
    """('Below 0', 15), ('0 – 1,495', 50), …, ('7,000 and over', 150)."""
    rows = []
    steps = ruleset.meld_table
    for step, following in zip(steps, steps[1:] + (None,)):
        if step.from_total is None:
            label = "Below 0"
        elif following is None:
            label = f"{points(step.from_total)} and over"
        else:
            label = f"{points(step.from_total)} – {points(following.from_total - 5)}"
        rows.append((label, step.minimum))
    return tuple(rows)


def card_points_text() -> str:
    """'Joker 50 · 2, A 20 · K–8 10 · 7–3 5' from the engine's card points."""
    groups = []
    for value, ranks in groupby(CARD_POINTS.items(), key=lambda item: item[1]):
        names = ["Joker" if r == "JK" else r for r, _ in ranks]
        tail = [", black 3"] if names[-1] == "3" else []
        names = names[:-1] if tail else names
        label = (f"{names[0]}–{names[-1]}" if len(names) > 2 else ", ".join(names)) + "".join(tail)
        groups.append(f"{label}: {value}")
    return " · ".join(groups)


def target_text(ruleset: RuleSet) -> str:
    """The winning score and how the winner is found."""
    target = points(ruleset.target)
    if ruleset.winning == "going_out_team":
        return (f"Play to {target}. Only the team that goes out can win, when its total "
                f"reaches {target}, even if the other team is higher.")
    return (f"Play to {target}. Once a total reaches {target} after a hand, "
            "the higher total wins; equal totals: play on.")


def rules_summary(ruleset: RuleSet) -> RulesSummary:
    """Everything for the pad's rules box."""
    penalties = ()
    if ruleset.failed_go_out_points is not None:
        penalties = (f"A failed attempt to go out: {points(ruleset.failed_go_out_points)} each.",)
    return RulesSummary(
        pack=f"{ruleset.pack.packs} packs and {ruleset.pack.jokers} jokers",
        target=target_text(ruleset),
        sets=tuple(SetLine(short_name(s.id), s.name, s.bonus, s.description) for s in ruleset.set_types),
        going_out=going_out_lines(ruleset), red_threes=red_three_lines(ruleset),
        black_threes=black_three_lines(ruleset), penalties=penalties, meld_table=meld_rows(ruleset),
        card_points=card_points_text(), house_readings=ruleset.house_readings,
        red_three_counts=tuple((n, ruleset.red_three_table[n]) for n in range(1, len(ruleset.red_three_table))),
        black_three_counts=black_three_counts(ruleset))
