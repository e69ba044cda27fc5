"""Words for refusals: figures, set types, teams and packs as players at the card table say them.

A refusal's sentence is for a player; its field path ("teams[0].sets.red_samba") and code keep the ids.
"""
from __future__ import annotations

from typing import Iterable

from .model import RuleSet

#: Each figure of a team's entry as the hand form labels it.
FIGURE_WORDS = {
    "table_points": "Table points", "hand_points": "Hand points",
    "red_threes": "Red 3s on the table", "red_threes_in_hand": "Red 3s in hand",
    "black_threes_in_hand": "Black 3s in hand", "black_threes_melded": "Black 3s melded",
    "failed_go_outs": "Failed go-outs", "went_out": "Went out", "concealed": "Went out concealed",
    "melded": "Melded",
}

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def and_list(words: Iterable[str], last: str = "and") -> str:
    """'A, B and C' ('A' alone, '' for none)."""
    words = list(words)
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def plain_words(key: object, limit: int = 40) -> str:
    """Something a client sent that Treys does not know, as words: 'red_samba_x' -> 'red samba x'."""
    return str(key)[:limit].replace("_", " ").strip()


def figure_words(ruleset: RuleSet, name: str) -> str:
    """A figure's label, with the rule set's word for 3s: 'Black treys melded' in Bolivia Plus."""
    return FIGURE_WORDS.get(name, plain_words(name).capitalize()).replace("3s", ruleset.threes)


def set_names(ruleset: RuleSet) -> str:
    """The rule set's sets as its rules page names them: 'Natural Canasta, Mixed Canasta and Sequence'."""
    return and_list(s.name for s in ruleset.set_types)


def plural(count: int, word: str) -> str:
    """'1 Red Samba', '2 Red Sambas'."""
    return f"{count:,} {word}{'s' * (count != 1)}"


def teams_words(count: int) -> str:
    """'The two teams', 'The three teams' (players alone are a team of one each)."""
    return f"The {NUMBER_WORDS.get(count, str(count))} teams"


def pack_phrase(ruleset: RuleSet) -> str:
    """'a Sambola pack with 9 jokers': the whole pack the rule set plays with."""
    return f"a {ruleset.short_name} pack with {ruleset.pack.jokers} jokers"


def packs_phrase(ruleset: RuleSet) -> str:
    """'Bolivia is played with 3 packs of cards, and they hold': the packs alone, for the 3s and 2s they hold."""
    packs = ruleset.pack.packs
    held = "they hold" if packs != 1 else "it holds"
    return f"{ruleset.short_name} is played with {plural(packs, 'pack')} of cards, and {held}"


def threes_word(ruleset: RuleSet, count: int) -> str:
    """'1 black 3', '2 black treys' with the rule set's word for 3s."""
    one = ruleset.threes[:-1]
    return f"{count:,} black {one if count == 1 else ruleset.threes}"
