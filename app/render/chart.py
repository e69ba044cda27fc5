"""A small chart of each team's total hand by hand, with the winning score as a line (drawn as SVG)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from app.rules.numbers import points, signed

WIDTH, HEIGHT, PAD = 600, 220, 36     # the drawing's units; the page scales it to the column
#: the day's chart: where the margins' zero line stands and how far the widest margin reaches from it; the
#: figures are written at the right edge, so the widest bar ends clear of "+15,210" (61 units at 15) and the
#: widest loss clear of the longest games-won bar and its "5½"
MARGIN_ZERO, MARGIN_REACH = 460, 66


@dataclass(frozen=True, kw_only=True)
class Drawing:
    """A line chart's frame in the drawing's units (the records' form chart draws in the same frame)."""

    width: int = WIDTH
    height: int = HEIGHT
    pad: int = PAD


@dataclass(frozen=True)
class Scale:
    """A chart's scale: values from `low` (bottom) to `high` (top), `steps` points from left to right."""

    low: float
    high: float
    steps: int

    def y(self, value: float) -> float:
        return round(HEIGHT - PAD - (value - self.low) * (HEIGHT - 2 * PAD) / ((self.high - self.low) or 1), 1)

    def line(self, values: Sequence[float]) -> str:
        """SVG polyline points through these values, one a step from left to right (worked out inline: a long
        game's page draws a few hundred)."""
        low, span, steps = self.low, (self.high - self.low) or 1, self.steps - 1
        return " ".join(f"{round(PAD + i * (WIDTH - 2 * PAD) / steps, 1)},"
                        f"{round(HEIGHT - PAD - (v - low) * (HEIGHT - 2 * PAD) / span, 1)}"
                        for i, v in enumerate(values))


@dataclass(frozen=True)
class Line:
    """One team's totals as a polyline, its name and its last total."""

    name: str
    points: str
    last: int
    index: int


@dataclass(frozen=True)
class Chart(Drawing):
    """What the template draws: the lines, the target's height, the scale's labels and a sentence."""

    lines: tuple[Line, ...]
    target_y: float | None
    zero_y: float
    top_label: str
    bottom_label: str
    words: str
    target_label: str = ""


def totals_chart(names: Sequence[str], totals_by_hand: Sequence[Sequence[int]], target: int) -> Chart | None:
    """The chart of a game's totals after each hand (None before the second hand: nothing to follow yet)."""
    if len(totals_by_hand) < 2:
        return None
    rows = [tuple(0 for _ in names)] + [tuple(hand) for hand in totals_by_hand]
    low = min(0, *(t for row in rows for t in row))
    high = max(target, *(t for row in rows for t in row))
    scale = Scale(low, high, len(rows))
    lines = tuple(Line(name, scale.line([row[i] for row in rows]), rows[-1][i], i) for i, name in enumerate(names))
    said = ", ".join(f"{line.name} {points(line.last)}" for line in lines)
    words = (f"Totals after {len(totals_by_hand)} hands: {said}. The winning score is {points(target)}.")
    return Chart(lines, scale.y(target), scale.y(0), points(high), points(low), words, target_label=points(target))


@dataclass(frozen=True)
class Bar:
    """One player's row of the day's chart: games won as a bar from the left, the margin as a bar either side
    of its own zero line."""

    name: str
    y: float
    won_width: float
    won_text: str
    margin_x: float
    margin_width: float
    margin_text: str


@dataclass(frozen=True)
class DayChart:
    """The results of the day drawn: a row per player, the two zero lines, and a sentence."""

    bars: tuple[Bar, ...]
    height: int
    width: int = WIDTH
    won_x: int = 190
    margin_zero: int = MARGIN_ZERO


def day_chart(standings: Sequence) -> DayChart | None:
    """Games won and margin per player (app/rules/ranking.py's Standing lines), best first; None before any
    game has a result."""
    if not any(line.played for line in standings):
        return None
    row, top = 34, 6
    most_won = max(float(line.won) for line in standings) or 1
    widest = max(abs(line.margin) for line in standings) or 1
    bars = []
    for index, line in enumerate(standings):
        half = round(abs(line.margin) * MARGIN_REACH / widest, 1)
        bars.append(Bar(line.player, top + index * row, round(float(line.won) * 150 / most_won, 1), line.won_words,
                        MARGIN_ZERO - half if line.margin < 0 else MARGIN_ZERO, half, signed(line.margin)))
    return DayChart(tuple(bars), top + len(bars) * row + 4)
