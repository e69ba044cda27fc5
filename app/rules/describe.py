"""A rule set in words and small tables, from its RuleSet data: one description for the rules pages,
the blank score pad's rules box, the hand form's hints and GET /api/v1/rulesets.

Pure: no Flask, no database. Numbers read as everywhere else in Treys (app/rules/numbers.py):
thousands separators and a true minus sign.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from app.rules.numbers import points, signed

from .model import BlackThreeMelding, CARD_POINTS, RuleSet, UnmeldedRedThrees, Variation, Winning
from .scoring import trey_value
from .wording import and_list

#: Short codes for set types where space is tight: score-sheet cells, the key under the sheet, the pad.
SET_CODES = {
    "red_canasta": "RC", "black_canasta": "BC", "red_samba": "RS", "black_samba": "BS",
    "mixed_bolivia": "MB", "black_bolivia": "BB", "red_bolivia": "RB",
    "natural_canasta": "NC", "mixed_canasta": "MC", "sequence": "Seq", "escalera": "Esc",
    "wild_canasta": "WC", "pure_wild_canasta": "PW", "bolivia": "Bol",
}

#: How the game is won, by RuleSet.winning (the rules' "Winning").
WINNING = {
    Winning.HIGHER_ONCE_REACHED: ("The game ends after a hand in which a team reaches {target}: the higher "
                                  "total wins; equal totals at the top: no winner yet, play on."),
    Winning.GOING_OUT_TEAM: ("Only the team that goes out can win: it wins when its total after that hand "
                             "reaches {target}, even if the other team is higher; a hand nobody went out of "
                             "never ends the game."),
}


@dataclass(frozen=True)
class SetLine:
    """One set type: id, short code, name, bonus, what it is made of (the rules' "Sets")."""

    id: str
    code: str
    name: str
    bonus: int
    description: str
    colour: str
    min_points: int


@dataclass(frozen=True)
class GoingOut:
    """What going out needs and earns, one sentence each (the rules' "Going out requires")."""

    requirement: str
    bonus: str
    concealed: str

    @property
    def sentences(self) -> tuple[str, ...]:
        """The three sentences in reading order."""
        return (self.requirement, self.bonus, self.concealed)


@dataclass(frozen=True)
class MeldRow:
    """One line of the initial-meld table: totals from, to (inclusive; None: no limit), minimum."""

    from_total: int | None
    to_total: int | None
    minimum: int
    label: str                  # "Below 0", "0 to 1,495", "7,000 and over"


@dataclass(frozen=True)
class RulesetDescription:
    """Everything a club needs to know about a rule set, in words and small tables."""

    ruleset: RuleSet = field(repr=False)
    id: str
    name: str
    summary: str
    source: str
    target: int
    winning: str
    pack: str
    players: str
    sets: tuple[SetLine, ...]
    going_out: GoingOut
    red_three_summary: str
    red_threes: tuple[str, ...]
    red_three_counts: tuple[tuple[int, int], ...]
    black_threes: tuple[str, ...]
    black_three_counts: tuple[tuple[int, int], ...]
    penalties: tuple[str, ...]
    meld_rows: tuple[MeldRow, ...]
    card_points: str
    variations: tuple[Variation, ...]
    house_readings: tuple[str, ...]

    @property
    def red_three_notes(self) -> tuple[str, ...]:
        """The red-3 sentences a table of counts leaves out (all but the first)."""
        return self.red_threes[1:]

    def as_dict(self) -> dict:
        """The JSON that GET /api/v1/rulesets[/<id>] answers."""
        r = self.ruleset
        pack = r.pack
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "source": self.source,
            "target": self.target,
            "pack": {"packs": pack.packs, "jokers": pack.jokers, "red_threes": pack.red_threes,
                     "black_threes": pack.black_threes, "twos": pack.twos},
            "card_points": dict(CARD_POINTS),
            "set_types": [{"id": s.id, "name": s.name, "bonus": s.bonus, "description": s.description,
                           "colour": s.colour, "min_points": s.min_points} for s in self.sets],
            "going_out": {
                "requirement": r.requirement.words,
                "slots": [[s.id for s in self.sets if s.id in slot] for slot in r.requirement.slots],
                "bonus": r.going_out_bonus,
                "concealed_bonus": r.concealed_bonus,
            },
            "red_threes": {"table": [{"count": n, "points": value} for n, value in self.red_three_counts],
                           "rules": list(self.red_threes)},
            "black_threes": {"rules": list(self.black_threes),
                             "in_hand_points": r.black_three_in_hand_points,
                             "meld_range": None if r.black_three_melding == BlackThreeMelding.NEVER
                             else list(r.black_three_meld_range),
                             "meld_counts": [0, *r.black_three_meld_counts]},
            "failed_go_out_points": r.failed_go_out_points,
            "initial_meld_table": [{"from": row.from_total, "to": row.to_total, "minimum": row.minimum}
                                   for row in self.meld_rows],
            "winning": self.winning,
            "variations": [{"id": v.id, "name": v.name, "values": list(v.values), "default": v.default,
                            "description": v.description, "solo_only": v.solo_only} for v in self.variations],
            "chosen_variations": dict(r.chosen),
            "house_readings": list(self.house_readings),
            "team_options": {"teams": 2, "team_sizes": list(r.team_sizes),
                             "solo_players": list(r.solo_players)},
        }


def set_code(set_id: str) -> str:
    """The short code of a set type ('RS'), or its id when it has none."""
    return SET_CODES.get(set_id, set_id)


def pack_words(ruleset: RuleSet) -> str:
    """'3 packs and 6 jokers: 6 red 3s, 6 black 3s and 12 twos.' (the rules' "Pack")."""
    pack = ruleset.pack
    return (f"{pack.packs} packs and {pack.jokers} jokers: {pack.red_threes} red 3s, "
            f"{pack.black_threes} black 3s and {pack.twos} twos.")


def players_words(ruleset: RuleSet) -> str:
    """Who can play: two teams of these sizes, or players alone (common to all rule sets: Teams)."""
    teams = " or ".join(f"{2 * size} players (two teams of {size})" for size in sorted(ruleset.team_sizes))
    if ruleset.solo_players:
        alone = " or ".join(str(n) for n in ruleset.solo_players)
        teams += f"; or {alone} players each playing alone"
    return teams + "."


def winning_words(ruleset: RuleSet) -> str:
    """How the game is won (the rules' "Winning")."""
    return WINNING[ruleset.winning].format(target=points(ruleset.target))


def going_out(ruleset: RuleSet) -> GoingOut:
    """The requirement, the bonus and the concealed bonus (the rules' "Going out requires")."""
    if ruleset.concealed_bonus == ruleset.going_out_bonus:
        concealed = "Going out concealed earns the same."
    else:
        concealed = f"Going out concealed earns {signed(ruleset.concealed_bonus)}."
    return GoingOut(f"To go out a team needs {ruleset.requirement.words}.",
                    f"Going out earns {signed(ruleset.going_out_bonus)}.", concealed)


def trey_table_words(table: tuple[int, ...]) -> str:
    """'+100 each, all 6: +1,200' or '+100 each up to 3; then 4: 600, 5: 800, …' from a table by count."""
    last = len(table) - 1
    each = table[1]
    run = 1
    while run < last and table[run + 1] == (run + 1) * each:
        run += 1
    if run == last:
        return f"{signed(each)} each"
    if run == last - 1:
        return f"{signed(each)} each, all {last}: {signed(table[last])}"
    steps = ", ".join(f"{n}: {points(table[n])}" for n in range(run + 1, last + 1))
    return f"{signed(each)} each up to {run}; then {steps}"


def red_three_words(ruleset: RuleSet) -> tuple[str, ...]:
    """What red 3s count: the table in words first, then when they count (the rules' "Red 3s")."""
    words = [f"Red 3s on the table: {trey_table_words(ruleset.red_three_table)}."]
    if ruleset.red_threes_need_going_out_sets:
        words.append("Red 3s count only for a team that has the sets needed to go out; otherwise they count 0.")
    elif ruleset.unmelded_red_threes == UnmeldedRedThrees.NEGATIVE:
        words.append("A team that has not melded counts its red 3s as minus.")
    else:
        words.append("Red 3s count plus even when the team has not melded.")
    if ruleset.red_threes_in_hand_allowed:
        words.append(f"A red 3 still in a hand: {signed(ruleset.red_three_in_hand_points)} each.")
    else:
        words.append("Red 3s are always put on the table: none is left in a hand.")
    return tuple(words)


def red_three_counts(ruleset: RuleSet) -> tuple[tuple[int, int], ...]:
    """(count, points) of red 3s on the table, 1 to all the pack holds (the rules' "Red 3s")."""
    return tuple((n, trey_value(ruleset, n)) for n in range(1, ruleset.pack.red_threes + 1))


def black_three_counts(ruleset: RuleSet) -> tuple[tuple[int, int], ...]:
    """(count, points) of melded black 3s scored by the trey table; () where they are not
    (the rules' "Black treys")."""
    if ruleset.black_three_melding != BlackThreeMelding.TREY_TABLE:
        return ()
    return tuple((n, trey_value(ruleset, n)) for n in ruleset.black_three_meld_counts)


def black_three_words(ruleset: RuleSet) -> tuple[str, ...]:
    """What a black 3 left in a hand costs and who may meld them (the rules' "Black 3s")."""
    in_hand = f"A black 3 left in a hand: {signed(ruleset.black_three_in_hand_points)} each."
    low, high = ruleset.black_three_meld_range
    if ruleset.black_three_melding == BlackThreeMelding.NEVER:
        return (in_hand, "Black 3s can never be melded.")
    if ruleset.black_three_melding == BlackThreeMelding.CARD_VALUE and ruleset.black_three_meld_words:
        counts = and_list(["none", *map(str, ruleset.black_three_meld_counts)], "or")
        return (in_hand, f"Only the team going out may meld black 3s, and only {ruleset.black_three_meld_words}: "
                         f"{counts}. They count {CARD_POINTS['3']} points each.")
    if ruleset.black_three_melding == BlackThreeMelding.CARD_VALUE:
        return (in_hand, f"Only the team going out may meld black 3s ({low} to {high}); "
                         f"they count {CARD_POINTS['3']} points each.")
    scores = " · ".join(f"{n}: {points(value)}" for n, value in black_three_counts(ruleset))
    return (in_hand, f"The player going out may meld {low} to {high} black 3s; they score like red 3s "
                     f"on the table ({scores}).")


def penalty_words(ruleset: RuleSet) -> tuple[str, ...]:
    """Penalties beyond the cards: failed go-outs (bolivia_plus)."""
    if ruleset.failed_go_out_points is None:
        return ()
    return (f"A failed attempt to go out (asked, told yes, and could not): "
            f"{signed(ruleset.failed_go_out_points)} each.",)


def meld_rows(ruleset: RuleSet) -> tuple[MeldRow, ...]:
    """The initial-meld table as ranges of progressive totals (the rules' "Initial-meld minimum")."""
    steps = ruleset.meld_table
    rows = []
    for step, following in zip(steps, steps[1:] + (None,)):
        to_total = None if following is None else following.from_total - 5
        if step.from_total is None:
            label = "Below 0"
        elif to_total is None:
            label = f"{points(step.from_total)} and over"
        else:
            label = f"{points(step.from_total)} to {points(to_total)}"
        rows.append(MeldRow(step.from_total, to_total, step.minimum, label))
    return tuple(rows)


def card_points_words(ruleset: RuleSet) -> str:
    """'Joker: 50 · 2, A: 20 · K–8: 10 · 7–4, black 3: 5' (common to all rule sets: Card points)."""
    groups = []
    for value, ranks in groupby(CARD_POINTS.items(), key=lambda item: item[1]):
        names = ["Joker" if rank == "JK" else rank for rank, _ in ranks]
        tail = ""
        if names[-1] == "3":
            names = names[:-1]
            tail = ", black 3" if ruleset.black_three_melding == BlackThreeMelding.CARD_VALUE else ""
        label = f"{names[0]}–{names[-1]}" if len(names) > 2 else ", ".join(names)
        groups.append(f"{label}{tail}: {value}")
    return " · ".join(groups)


def describe_ruleset(ruleset: RuleSet) -> RulesetDescription:
    """The rule set in words and small tables, everything from its data."""
    return RulesetDescription(
        ruleset=ruleset, id=ruleset.id, name=ruleset.name, summary=ruleset.summary, source=ruleset.source,
        target=ruleset.target, winning=winning_words(ruleset), pack=pack_words(ruleset),
        players=players_words(ruleset),
        sets=tuple(SetLine(s.id, set_code(s.id), s.name, s.bonus, s.description, s.colour, s.min_points)
                   for s in ruleset.set_types),
        going_out=going_out(ruleset),
        red_three_summary=trey_table_words(ruleset.red_three_table), red_threes=red_three_words(ruleset),
        red_three_counts=red_three_counts(ruleset),
        black_threes=black_three_words(ruleset), black_three_counts=black_three_counts(ruleset),
        penalties=penalty_words(ruleset), meld_rows=meld_rows(ruleset),
        card_points=card_points_words(ruleset), variations=ruleset.variations,
        house_readings=ruleset.house_readings)


__all__ = ["GoingOut", "MeldRow", "RulesetDescription", "SET_CODES", "SetLine", "describe_ruleset", "set_code",
           "trey_table_words"]
