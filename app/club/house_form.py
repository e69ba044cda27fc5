"""The organiser's form for house rules: each rule with the document's value and values clubs play, read back into
the changes the engine checks, and one typical hand scored both ways."""
from __future__ import annotations

from dataclasses import dataclass

from app.reading import read_whole_number
from app.rules import RuleSet, TeamEntry, score_hand
from app.rules.house import FIGURE_KEYS
from app.rules.house_words import rule_words
from app.rules.numbers import points, signed

#: Values clubs play, by rule (the winning score by base), besides the document's own.
CLUB_VALUES = {
    "target": {"bolivia": (10000, 15000, 20000), "sambola": (7500, 10000, 15000),
               "bolivia_plus": (15000, 20000, 25000), "bolivia_classic": (10000, 15000, 20000),
               "bolivia_hoyle": (10000, 15000, 20000)},
    "going_out_bonus": (100, 200, 300),
    "concealed_bonus": (200, 300, 400, 500),
    "black_three_in_hand_points": (-100, -200, -500),
    "red_three_in_hand_points": (-100, -200, -500),
    "failed_go_out_points": (-200, -400, -500),
}
#: Set bonuses clubs play, by set type (the document's own is offered beside them): a natural or red canasta
#: 500 to 1,000, a mixed or black one 300 to 500, a sequence or samba 1,000 to 2,000, a wild canasta or a bolivia
#: 2,000 to 3,000.
SET_VALUES = {
    "red_canasta": (500, 600, 1000), "natural_canasta": (500, 600, 1000),
    "black_canasta": (300, 400, 500), "mixed_canasta": (300, 400, 500),
    "red_samba": (1000, 1500, 2000), "black_samba": (700, 1000, 1500),
    "sequence": (1000, 1500, 2000), "escalera": (1500, 2000, 2500),
    "bolivia": (2000, 2500, 3000), "wild_canasta": (2000, 2500, 3000), "pure_wild_canasta": (2000, 2500, 3000),
    "mixed_bolivia": (1500, 2000, 2500), "black_bolivia": (2500, 3000, 4000), "red_bolivia": (3000, 4000, 5000),
}
#: A family variant's meld steps: 50 / 90 / 120 / 150 from 0 / 1,505 / 3,005 / 5,005.
FAMILY_STEPS = ((None, 15), (0, 50), (1505, 90), (3005, 120), (5005, 150))
#: How many rows of meld steps the form offers (the first for a total below 0).
STEP_ROWS = 6
#: The typical hand of the preview, by base: the going-out team's sets (its 2 red 3s and 400 table points
#: beside them); the other team 150 on the table, 85 in hand and a black 3 left in hand.
TYPICAL_SETS = {"bolivia": {"red_samba": 1, "red_canasta": 1}, "sambola": {"red_canasta": 2, "black_canasta": 1},
                "bolivia_plus": {"sequence": 1, "natural_canasta": 1, "mixed_canasta": 1},
                "bolivia_classic": {"escalera": 1, "natural_canasta": 1},
                "bolivia_hoyle": {"sequence": 1, "natural_canasta": 1}}
#: The typical hand's figures: the going-out team's red 3s and table points; the other team's table and hand points.
TYPICAL_RED_THREES, TYPICAL_TABLE, OTHER_TABLE, OTHER_HAND = 2, 400, 150, 85


@dataclass(frozen=True)
class FigureRule:
    """One rule offered as figures: its key, words, the document's value, values clubs use, and the value now."""

    key: str
    words: str
    document: int
    choices: tuple[int, ...]
    now: int
    signed: bool = False

    def shown(self, value: int) -> str:
        """The figure as the form shows it."""
        return signed(value) if self.signed else points(value)


def offered(document_value: int, values) -> tuple[int, ...]:
    """The figures offered for a rule: the document's and those clubs play, smallest first."""
    return tuple(sorted({document_value, *values}, key=abs))


def figure_rules(document: RuleSet, now: RuleSet) -> list[FigureRule]:
    """The rules the form offers as figures, where the base has them."""
    found = []
    for key in FIGURE_KEYS:       # in the order the form shows them
        if getattr(document, key) is None or (key == "red_three_in_hand_points"
                                              and not document.red_threes_in_hand_allowed):
            continue
        values = CLUB_VALUES[key]
        values = values[document.id] if isinstance(values, dict) else values
        found.append(FigureRule(key, rule_words(document, key), getattr(document, key),
                                offered(getattr(document, key), values), getattr(now, key), key != "target"))
    return found


def set_rules(document: RuleSet, now: RuleSet) -> list[FigureRule]:
    """Each set type's bonus offered as figures, like the other rules (field `set_<id>`)."""
    return [FigureRule(f"set_{s.id}", s.name, s.bonus, offered(s.bonus, SET_VALUES.get(s.id, ())),
                       now.set_type(s.id).bonus, True) for s in document.set_types]


def initial_values(document: RuleSet, now: RuleSet) -> dict[str, str]:
    """What each field of the form shows before anything is posted: the rules as `now` has them."""
    values = {}
    for rule in figure_rules(document, now) + set_rules(document, now):
        values[rule.key] = str(rule.now) if rule.now in rule.choices else "other"
        values[f"{rule.key}_other"] = "" if rule.now in rule.choices else str(rule.now)
    table, many = now.red_three_table, now.pack.red_threes
    each, every = each_and_all(table)
    values.update({f"red_{n}": str(table[n]) for n in range(1, many + 1)}, red_each=str(each), red_all=str(every))
    values["red_way"] = ("document" if table == document.red_three_table else
                         "each_all" if list(table[1:]) == [each * n for n in range(1, many)] + [every] else "list")
    values["unmelded_red_threes"] = now.unmelded_red_threes.value
    steps = [(s.from_total, s.minimum) for s in now.meld_table]
    values["meld_way"] = ("document" if now.meld_table == document.meld_table else
                          "family" if tuple(steps) == FAMILY_STEPS else "own")
    for row in range(STEP_ROWS):
        start, minimum = steps[row] if row < len(steps) else (None, None)
        values[f"meld_from_{row}"] = "" if start is None else str(start)
        values[f"meld_min_{row}"] = "" if minimum is None else str(minimum)
    return values


def each_and_all(table: tuple[int, ...]) -> tuple[int, int]:
    """The 'each' and 'all of them' figures of a red 3 table by count."""
    return table[1], table[-1]


def read_figure(form, key: str) -> tuple[int | None, str | None]:
    """A chosen figure, or the other figure typed; (None, sentence) when it cannot be read."""
    chosen = form.get(key) or ""
    text = (form.get(f"{key}_other") or "").strip().replace(",", "").replace("\u2212", "-")
    if chosen == "other":
        number = read_signed(text)
        return (number, None) if number is not None else (None, "Type the other figure as a whole number.")
    number = read_signed(chosen)
    return number, None


def read_signed(text: str) -> int | None:
    """A whole number typed, with a minus sign or not."""
    text = (text or "").strip().replace(",", "").replace("\u2212", "-")
    negative = text.startswith("-")
    number = read_whole_number(text[1:] if negative else text)
    return None if number is None else (-number if negative else number)


def read_changes_form(form, document: RuleSet) -> tuple[dict, list[str]]:
    """The changes the form asks for (only rules that differ from the document), and what could not be read."""
    changes, problems = {}, []
    for rule in figure_rules(document, document):
        value, problem = read_figure(form, rule.key)
        if problem:
            problems.append(f"{rule.words}: {problem}")
        elif value is not None and value != rule.document:
            changes[rule.key] = value
    bonuses = {}
    for rule in set_rules(document, document):
        value, problem = read_figure(form, rule.key)
        if problem:
            problems.append(f"{rule_words(document, 'set_bonuses.' + rule.key.removeprefix('set_'))}: {problem}")
        elif value is not None and value != rule.document:
            bonuses[rule.key.removeprefix("set_")] = value
    if bonuses:
        changes["set_bonuses"] = bonuses
    table, problem = read_red_threes(form, document)
    if problem:
        problems.append(problem)
    elif table is not None and tuple(table) != document.red_three_table[1:]:
        changes["red_three_table"] = table
    unmelded = form.get("unmelded_red_threes")
    if unmelded in ("negative", "positive") and unmelded != document.unmelded_red_threes.value:
        changes["unmelded_red_threes"] = unmelded
    steps, problem = read_steps(form)
    if problem:
        problems.append(problem)
    elif steps is not None and steps != [{"from": s.from_total, "minimum": s.minimum} for s in document.meld_table]:
        changes["initial_meld_table"] = steps
    return changes, problems


def read_red_threes(form, document: RuleSet) -> tuple[list[int] | None, str | None]:
    """The red 3 table: the document's, 'each' and 'all of them', or one figure for each count."""
    many = document.pack.red_threes
    way = form.get("red_way") or "document"
    if way == "each_all":
        each, every = read_signed(form.get("red_each") or ""), read_signed(form.get("red_all") or "")
        if each is None or every is None:
            return None, f"Red {document.threes} on the table: type the points for each and for all {many}."
        return [each * n for n in range(1, many)] + [every], None
    if way == "list":
        table = [read_signed(form.get(f"red_{n}") or "") for n in range(1, many + 1)]
        if None in table:
            return None, f"Red {document.threes} on the table: type the points for each count, 1 to {many}."
        return table, None
    return None, None


def read_steps(form) -> tuple[list[dict] | None, str | None]:
    """The meld steps: the document's, the family variant's, or the club's own rows."""
    way = form.get("meld_way") or "document"
    if way == "family":
        return [{"from": start, "minimum": minimum} for start, minimum in FAMILY_STEPS], None
    if way != "own":
        return None, None
    steps = []
    for row in range(STEP_ROWS):
        start_text = (form.get(f"meld_from_{row}") or "").strip()
        minimum_text = (form.get(f"meld_min_{row}") or "").strip()
        if row and not start_text and not minimum_text:
            continue
        start = None if row == 0 else read_signed(start_text)
        minimum = read_signed(minimum_text)
        if minimum is None or (row and start is None):
            return None, "The meld minimum: type each step's total and minimum as whole numbers."
        steps.append({"from": start, "minimum": minimum})
    return steps, None


def preview(document: RuleSet, club: RuleSet) -> dict:
    """One typical hand scored by the document and by the club's rules: each line, and each team's score."""
    sets = TYPICAL_SETS[document.id]
    teams = [TeamEntry(name="Us", sets=sets, red_threes=TYPICAL_RED_THREES, table_points=TYPICAL_TABLE, went_out=True),
             TeamEntry(name="Them", table_points=OTHER_TABLE, hand_points=OTHER_HAND, black_threes_in_hand=1)]
    scored = [score_hand(ruleset, teams).teams for ruleset in (document, club)]
    rows = []
    for index, name in enumerate(("Us", "Them")):
        labels = dict.fromkeys([line.label for line in scored[0][index].breakdown]
                               + [line.label for line in scored[1][index].breakdown])
        values = [{line.label: line.points for line in result[index].breakdown} for result in scored]
        rows.append({"team": name, "lines": [(label, values[0].get(label, 0), values[1].get(label, 0))
                                             for label in labels],
                     "document": scored[0][index].score, "club": scored[1][index].score})
    words = (f"Us went out with {' and '.join(f'{n} {document.set_type(s).name}' for s, n in sets.items())}, "
             f"{TYPICAL_RED_THREES} red {document.threes} and {TYPICAL_TABLE} table points; Them have {OTHER_TABLE} on "
             f"the table, {OTHER_HAND} in hand and a black {document.threes[:-1]} left in hand.")
    return {"words": words, "teams": rows}


__all__ = ["FAMILY_STEPS", "STEP_ROWS", "each_and_all", "figure_rules", "initial_values", "preview",
           "read_changes_form", "set_rules"]
