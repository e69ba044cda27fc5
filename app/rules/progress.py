"""What follows from progressive totals: the next initial-meld minimum and the winner."""
from __future__ import annotations

from typing import Sequence

from .model import RuleSet, Winning


def initial_meld_minimum(ruleset: RuleSet, progressive: int) -> int:
    """Card points a team's initial meld needs, from its progressive total (the meld table)."""
    minimum = ruleset.meld_table[0].minimum
    for step in ruleset.meld_table:
        if step.from_total is not None and progressive >= step.from_total:
            minimum = step.minimum
    return minimum


def decide_winner(ruleset: RuleSet, target: int, totals: Sequence[int],
                  went_out: int | None) -> int | None:
    """The winning team's index after a hand, or None to play on."""
    if ruleset.winning == Winning.GOING_OUT_TEAM:
        if went_out is not None and totals[went_out] >= target:
            return went_out
        return None
    top = max(totals)
    if top < target or list(totals).count(top) > 1:
        return None
    return list(totals).index(top)
