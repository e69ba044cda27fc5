"""A small chart of a player's form game by game over the season, with the starting 25 as a dashed line (SVG)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from app.rules.form import START, FormPoint

WIDTH, HEIGHT, PAD = 600, 220, 36     # the drawing's units; the page scales it to the column


@dataclass(frozen=True)
class FormChart:
    """What the template draws: the line, the start's height, the scale's labels and a sentence."""

    points: str
    start_y: float
    top_label: str
    bottom_label: str
    words: str
    width: int = WIDTH
    height: int = HEIGHT
    pad: int = PAD


def figure(value: float) -> str:
    """A rating as the page writes it: one decimal."""
    return f"{value:.1f}"


def form_chart(name: str, points: Sequence[FormPoint], before: float, span_words: str) -> FormChart | None:
    """The chart of a player's form from `before` through each of these games (None under two games: no line
    to follow yet)."""
    if len(points) < 2:
        return None
    values = [before] + [p.rating for p in points]
    low, high = min(START, *values) - 1, max(START, *values) + 1

    def y(value: float) -> float:
        return round(HEIGHT - PAD - (value - low) * (HEIGHT - 2 * PAD) / (high - low), 1)

    def x(index: int) -> float:
        return round(PAD + index * (WIDTH - 2 * PAD) / (len(values) - 1), 1)

    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    words = (f"{name}'s form after each of {len(points)} games {span_words}: from {figure(before)} to "
             f"{figure(values[-1])}, highest {figure(max(values[1:]))}, lowest {figure(min(values[1:]))}. "
             f"Everyone starts at {figure(START)}.")
    return FormChart(line, y(START), figure(high), figure(low), words)
