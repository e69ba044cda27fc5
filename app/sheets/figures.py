"""A game sheet's figures lined up without a box each (WeasyPrint's cost is per box): each team's figures
for a hand are one run of text, padded with spaces as wide as digits and commas so every figure ends
under its heading; the headings are padded alike. Used by app/sheets/pdf.py; widths from DejaVu's fonts.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from markupsafe import Markup, escape

from app.formatting import points

#: Advance widths in DejaVu Sans and DejaVu Sans Condensed, in 1/2048 em: a digit (all digits are as wide,
#: and so is U+2007 FIGURE SPACE), a comma (and U+2008 PUNCTUATION SPACE), a minus sign, and U+202F
#: NARROW NO-BREAK SPACE (a figure space and this one make a minus, to 4/2048 em).
ADVANCE = {"normal": (1303, 651, 1716, 409), "condensed": (1172, 585, 1544, 368)}
FIGURE_SPACE, PUNCTUATION_SPACE, NARROW_SPACE, MINUS = "\u2007", "\u2008", "\u202f", "\u2212"
#: The type size of the figures (pt), and so of the column widths.
FIGURE_PT = 11.0
#: A team's cell starts with a rule and padding (sheet_print.css, .t: border-left 2pt, padding-left 3pt):
#: its first column is that much wider than its figures.
TEAM_EDGE_PT = 5.0


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

    def width(self, first: bool = False) -> str:
        """The column's width for its <col> (the first of a team's holds the cell's edge too)."""
        return f"{self.points + (TEAM_EDGE_PT if first else 0):.3f}pt"

    def cell(self, value: int | None, bold: bool = False) -> Markup:
        """The figure padded to the column's width (only spaces when there is none); `bold` (the totals
        row) sets it in bold in a box as wide as the column, as bold digits are wider."""
        text = points(value) if value is not None else ""
        if bold and text:
            return Markup('<b style="width:%.3fpt">%s</b>') % (self.points, text)
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


#: The headings are set in bold 10pt (sheet_print.css, thead th), right-aligned over their columns by
#: padding with spaces: each heading word's width, and the spaces', in 1/2048 em of DejaVu Sans Bold and
#: DejaVu Sans Condensed Bold (tests/web/test_sheets_pdf.py checks them against the font files).
HEADING_PT = 10.0
HEADING_UNITS = {
    "normal": {"Bonus": 7103, "Cards": 6580, "Penal-": 7282, "ties": 4289, "Hand": 6020, "score": 6239,
               "Total": 5867, "Next": 5403, "mini-": 5846, "mum": 5726, "minimum": 10722},
    "condensed": {"Bonus": 6391, "Cards": 5920, "Penal-": 6551, "ties": 3859, "Hand": 5416, "score": 5614,
                  "Total": 5278, "Next": 4861, "mini-": 5259, "mum": 5152, "minimum": 9646},
}
#: Spaces of fixed width in the bold faces: figure, punctuation, thin, hair, six-per-em, four-per-em,
#: three-per-em, en space.
SPACE_UNITS = {
    "normal": {"\u2007": 1425, "\u2008": 778, "\u2009": 409, "\u200a": 204, "\u2006": 342, "\u2005": 512,
               "\u2004": 675, "\u2002": 1024},
    "condensed": {"\u2007": 1282, "\u2008": 700, "\u2009": 368, "\u200a": 183, "\u2006": 307, "\u2005": 460,
                  "\u2004": 607, "\u2002": 921},
}
#: Each column's heading, line by line from the top (bottom-aligned: the last line is over the figures);
#: three teams have narrower columns, and a third line.
HEADING_LINES = {
    "normal": (("", "Bonus"), ("", "Cards"), ("Penal-", "ties"), ("Hand", "score"), ("", "Total"),
               ("Next", "minimum")),
    "condensed": (("", "", "Bonus"), ("", "", "Cards"), ("", "Penal-", "ties"), ("", "Hand", "score"),
                  ("", "", "Total"), ("Next", "mini-", "mum")),
}


@lru_cache(maxsize=1)
def _space_sums(stretch: str) -> tuple[tuple[int, str], ...]:
    """Every run of up to three of the spaces below the widest, by width."""
    runs = {0: ""}
    for _ in range(3):
        for size, text in list(runs.items()):
            for char, advance in SPACE_UNITS[stretch].items():
                runs.setdefault(size + advance, text + char)
    return tuple(sorted(runs.items()))


@lru_cache(maxsize=4096)
def spaces(stretch: str, width: int) -> tuple[str, int]:
    """Spaces as near as can be to `width` (1/2048 em of the heading type), and their width: as many
    figure spaces as leave a little, then the best run of up to three spaces for the rest."""
    figure = SPACE_UNITS[stretch][FIGURE_SPACE]
    count = max(0, width // figure - 1)
    rest = width - count * figure
    size, text = min(_space_sums(stretch), key=lambda run: (abs(rest - run[0]), len(run[1])))
    return FIGURE_SPACE * count + text, count * figure + size


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
                pad, size = spaces(stretch, max(0, start - position))
                text += pad + word
                position += size + HEADING_UNITS[stretch][word]
        lines.append(text)
    return "\n".join(lines)


def figure_run(columns, values, bold: bool = False) -> Markup:
    """A team's figures for one hand (or, `bold`, its totals: the total in bold), each padded to its column."""
    return Markup("").join(column.cell(value, bold and column.heading == "Total")
                           for column, value in zip(columns, values))


def hand_figures(columns, cell) -> Markup:
    """A team's figures for one hand."""
    return figure_run(columns, [figure(cell) for _, figure, _ in FIGURES])
