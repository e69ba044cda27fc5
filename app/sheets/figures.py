"""A game sheet's figures lined up without a box each (WeasyPrint's cost is per box): each team's figures
for a hand are one run of text, padded with spaces as wide as digits and commas so every figure ends
under its heading; the headings are padded alike. Used by app/sheets/pdf.py; widths from DejaVu's fonts.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from markupsafe import Markup, escape

from app.formatting import points
from app.sheets.metrics import spaces, width

FIGURE_SPACE, PUNCTUATION_SPACE, NARROW_SPACE, MINUS = "\u2007", "\u2008", "\u202f", "\u2212"
#: Advance widths in DejaVu Sans and DejaVu Sans Condensed, in 1/2048 em (app/sheets/metrics.py): a digit (all
#: digits are as wide, and so is U+2007 FIGURE SPACE), a comma (and U+2008 PUNCTUATION SPACE), a minus sign,
#: and U+202F NARROW NO-BREAK SPACE (a figure space and this one make a minus, to 4/2048 em).
ADVANCE = {stretch: tuple(width(char, stretch) for char in ("0", ",", MINUS, NARROW_SPACE))
           for stretch in ("normal", "condensed")}
#: The type size of the figures (pt), and so of the column widths.
FIGURE_PT = 11.0


@dataclass(frozen=True)
class FigureColumn:
    """One column of figures in a team's run of text: as many digit and comma places as its widest figure
    needs, a place for a minus if any figure is negative, and a gap before it (in figure spaces and
    punctuation spaces), widened so that its heading fits above it. Padded with spaces as wide as digits
    and commas, every figure ends exactly where the column ends, so the runs line up under the headings."""

    heading: str
    digits: int
    commas: int
    minus: bool
    gap_figures: int = 1
    gap_half: int = 1
    stretch: str = "normal"

    @property
    def units(self) -> int:
        """The column's width in 1/2048 em of the figures' type."""
        digit, comma, minus, _ = ADVANCE[self.stretch]
        return ((self.gap_figures + self.digits) * digit + (self.gap_half + self.commas) * comma
                + self.minus * minus)

    @property
    def points(self) -> float:
        """The column's width in points."""
        return self.units / 2048 * FIGURE_PT

    def cell(self, value: int | None) -> Markup:
        """The figure padded to the column's width (only spaces when there is none)."""
        text = points(value) if value is not None else ""
        digits, commas, negative = sum(c.isdigit() for c in text), text.count(","), text.startswith(MINUS)
        return Markup(escape(
            FIGURE_SPACE * (self.gap_figures + self.digits - digits)
            + PUNCTUATION_SPACE * (self.gap_half + self.commas - commas)
            + (FIGURE_SPACE + NARROW_SPACE if self.minus and not negative else "") + text))


def places(values: Iterable[int]) -> tuple[int, int, bool]:
    """(digits, commas, any negative) of the widest of these figures."""
    texts = [points(v) for v in values] or ["0"]
    return (max(sum(c.isdigit() for c in t) for t in texts), max(t.count(",") for t in texts),
            any(t.startswith(MINUS) for t in texts))


#: The least gap before a figure, in digits: two teams leave room for more air between the figures.
GAP = {"normal": 2.5, "condensed": 1.0}
#: Each figure column of a team: heading, the figure it shows, and the least width its heading needs
#: (in digits of the figures' type, gap included).
FIGURES = (
    ("Bonus", lambda cell: cell.bonus, 5.5),
    ("Cards", lambda cell: cell.cards, 5.5),
    ("Penalties", lambda cell: cell.penalty_total, 5.5),
    ("Hand score", lambda cell: cell.score, 5),
    ("Total", lambda cell: cell.total, 5),
    ("Next minimum", lambda cell: cell.next_minimum, 5),
)


def figure_columns(sheet) -> tuple[FigureColumn, ...]:
    """The sheet's figure columns, as wide as its widest figures (and headings) need, alike for each team;
    in condensed type for three teams, so that each keeps room for its sets in words."""
    stretch = "condensed" if len(sheet.teams) > 2 else "normal"
    digit, comma, minus_width, _ = ADVANCE[stretch]
    columns = []
    for index, (heading, figure, least) in enumerate(FIGURES):
        values = [figure(cell) for row in sheet.rows for cell in row.cells]
        if heading == "Total":
            values += [team.total for team in sheet.teams]
        digits, commas, minus = places(v for v in values if v is not None)
        room = digits + (commas * comma + minus * minus_width) / digit
        if heading == "Next minimum" and stretch == "normal":
            least = 9.5                                  # "minimum" on one line, clear of "Total"
        gap = max(0.5 if index == 0 else GAP[stretch], least - room)
        halves = math.ceil(gap * 2)
        columns.append(FigureColumn(heading, digits, commas, minus, halves // 2, halves % 2, stretch))
    return tuple(columns)


#: Each column's heading, line by line from the top (bottom-aligned: the last line is over the figures);
#: three teams have narrower columns, and a third line.
HEADING_LINES = {
    "normal": (("", "Bonus"), ("", "Cards"), ("Penal-", "ties"), ("Hand", "score"), ("", "Total"),
               ("Next", "minimum")),
    "condensed": (("", "", "Bonus"), ("", "", "Cards"), ("", "Penal-", "ties"), ("", "Hand", "score"),
                  ("", "", "Total"), ("Next", "mini-", "mum")),
}
#: The headings are set in bold 10pt (sheet_print.css, .hb p), right-aligned over their columns by
#: padding with spaces: each heading word's width in 1/2048 em of DejaVu Sans Bold and DejaVu Sans
#: Condensed Bold (app/sheets/metrics.py).
HEADING_PT = 10.0
HEADING_UNITS = {stretch: {word: width(word, stretch, "bold") for column in lines for word in column if word}
                 for stretch, lines in HEADING_LINES.items()}


def heading_lines(columns) -> str:
    """The figure headings of a team as lines of text, each word right-aligned over its column."""
    stretch = columns[0].stretch
    scale = 2048 / HEADING_PT
    lines = []
    headings = HEADING_LINES[stretch]
    for line in range(len(headings[0])):
        text, position, right = "", 0, 0.0
        for column, words in zip(columns, headings):
            right += column.points
            word = words[line]
            if word:
                start = round(right * scale) - HEADING_UNITS[stretch][word]
                pad, size = spaces(stretch, max(0, start - position), "bold")
                text += pad + word
                position += size + HEADING_UNITS[stretch][word]
        lines.append(text)
    return "\n".join(lines)


def figure_run(columns, values) -> Markup:
    """A team's figures for one hand, each padded to its column."""
    return Markup("").join(column.cell(value) for column, value in zip(columns, values))


def hand_figures(columns, cell) -> Markup:
    """A team's figures for one hand."""
    return figure_run(columns, [figure(cell) for _, figure, _ in FIGURES])
