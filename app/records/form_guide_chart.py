"""A small chart of a player's form game by game over the season, with the starting 25 as a dashed line (SVG)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from app.rules.form_guide import START, FormPoint
from app.render.chart import Drawing, Scale


@dataclass(frozen=True)
class FormGuideChart(Drawing):
    """What the template draws: the line, the start's height, the scale's labels (at its left, where the line
    begins), the form now (in the key) and a sentence."""

    points: str
    start_y: float
    top_label: str
    bottom_label: str
    words: str
    now: str


def figure(value: float) -> str:
    """A rating as the page writes it: one decimal."""
    return f"{value:.1f}"


def form_guide_chart(name: str, points: Sequence[FormPoint], before: float, span_words: str) -> FormGuideChart | None:
    """The chart of a player's form from `before` through each of these games (None under two games: no line
    to follow yet)."""
    if len(points) < 2:
        return None
    values = [before] + [p.rating for p in points]
    low, high = min(START, *values) - 1, max(START, *values) + 1
    scale = Scale(low, high, len(values))
    line = scale.line(values)
    words = (f"{name}'s form after each of {len(points)} games {span_words}: from {figure(before)} to "
             f"{figure(values[-1])}, highest {figure(max(values[1:]))}, lowest {figure(min(values[1:]))}. "
             f"Everyone starts at {figure(START)}.")
    return FormGuideChart(line, scale.y(START), figure(high), figure(low), words, figure(values[-1]))


def season_words(name: str) -> str:
    """'in the Autumn 2026 season', or 'in Season 2026' when the season's name says it already."""
    return f"in {name}" if "season" in name.lower() else f"in the {name} season"
