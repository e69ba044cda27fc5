"""A rule set's data in sentences for the rules pages (the rules themselves are the engine's)."""
from __future__ import annotations

from dataclasses import dataclass

from app.games.format import points, signed
from app.rules import RuleSet

WINNING = {
    "higher_once_reached": ("The game ends after a hand in which a team reaches {target}: the higher total "
                            "wins. Equal totals at the top: play on."),
    "going_out_team": ("Only the team that goes out can win: it wins when its total after that hand "
                       "reaches {target}, even if the other team is higher."),
}


@dataclass(frozen=True)
class MeldRow:
    """One line of the initial-meld table."""

    totals: str
    minimum: int


def pack_words(ruleset: RuleSet) -> str:
    """'3 packs and 6 jokers: 6 red 3s, 6 black 3s, 12 twos.'"""
    pack = ruleset.pack
    return (f"{pack.packs} packs and {pack.jokers} jokers: {pack.red_threes} red 3s, "
            f"{pack.black_threes} black 3s and {pack.twos} twos.")


def players_words(ruleset: RuleSet) -> str:
    """Who can play."""
    teams = " or ".join(f"{2 * size} players (two teams of {size})" for size in sorted(ruleset.team_sizes))
    if ruleset.solo_players:
        alone = " or ".join(str(n) for n in ruleset.solo_players)
        teams += f"; or {alone} players each playing alone"
    return teams + "."


def meld_rows(ruleset: RuleSet) -> list[MeldRow]:
    """The initial-meld table as 'total from - to: minimum' rows."""
    steps = ruleset.meld_table
    rows = []
    for i, step in enumerate(steps):
        following = steps[i + 1].from_total if i + 1 < len(steps) else None
        if step.from_total is None:
            words = "Below 0"
        elif following is None:
            words = f"{points(step.from_total)} and over"
        else:
            words = f"{points(step.from_total)} to {points(following - 5)}"
        rows.append(MeldRow(words, step.minimum))
    return rows


def red_three_rows(ruleset: RuleSet) -> list[tuple[int, int]]:
    """(count, value) of red 3s on the table."""
    return [(n, value) for n, value in enumerate(ruleset.red_three_table) if n]


def red_three_notes(ruleset: RuleSet) -> list[str]:
    """How red 3s count beyond the table."""
    notes = []
    if ruleset.unmelded_red_threes == "negative":
        notes.append("A team that has not melded counts its red 3s as minus.")
    else:
        notes.append("Red 3s count plus even when the team has not melded.")
    if ruleset.red_threes_need_going_out_sets:
        notes.append("Red 3s count only for a team that has the sets needed to go out; otherwise they count 0.")
    if ruleset.red_threes_in_hand_allowed:
        notes.append(f"A red 3 still in a hand: {signed(ruleset.red_three_in_hand_points)} each.")
    else:
        notes.append("Red 3s are always put on the table: none is left in a hand.")
    return notes


def black_three_notes(ruleset: RuleSet) -> list[str]:
    """How black 3s count."""
    notes = [f"A black 3 left in a hand: {signed(ruleset.black_three_in_hand_points)} each."]
    low, high = ruleset.black_three_meld_range
    if ruleset.black_three_melding == "never":
        notes.append("Black 3s can never be melded.")
    elif ruleset.black_three_melding == "card_value":
        notes.append(f"Only the team going out may meld black 3s ({low} to {high}); "
                     "they count 5 points each.")
    else:
        notes.append(f"The player going out may meld {low} to {high} black 3s; "
                     "they score like red 3s on the table.")
    return notes


def going_out_notes(ruleset: RuleSet) -> list[str]:
    """What going out needs and earns."""
    notes = [f"To go out a team needs {ruleset.requirement.words}.",
             f"Going out earns {signed(ruleset.going_out_bonus)}."]
    if ruleset.concealed_bonus == ruleset.going_out_bonus:
        notes.append("Going out concealed earns the same.")
    else:
        notes.append(f"Going out concealed earns {signed(ruleset.concealed_bonus)}.")
    if ruleset.failed_go_out_points is not None:
        notes.append(f"A failed attempt to go out (asked, told yes, and could not): "
                     f"{signed(ruleset.failed_go_out_points)} each.")
    return notes


def winning_words(ruleset: RuleSet) -> str:
    """How the game is won."""
    return WINNING.get(ruleset.winning, "{target} wins.").format(target=points(ruleset.target))
