"""A game's hands as lines of text for the printed sheet: one block of text per hand, no table cells.

WeasyPrint's cost is per box: a hand laid out as one block of lines costs a fraction of a table row of cells
(measured on a 40-hand sheet: 137 ms as a table, 55 ms as blocks of text). Each line starts with the hand
column (the hand number, then the dealer, then notes); each team's part (its figures on the first line, its
sets and 3s in words below) is padded with fixed-width spaces measured in app/sheets/metrics.py to start
where its column does, and the rules between the teams are drawn at the same places (app/sheets/strips.py).
The column headings are lines of text too, and so are the totals. Used by app/sheets/pdf.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

from app.formatting import points
from app.sheets import metrics
from app.sheets.figures import FIGURE_PT, FIGURE_SPACE, HEADING_PT, hand_figures, heading_lines
from app.sheets.view import NOBODY_OUT_SHORT, ScoreSheet, SheetRow, TeamCell

#: The sheet's line in CSS pixels (sheet_print.css): A4 landscape less 8.8 mm each side is 1056px; the hand
#: column is 102px (76.5pt) and the teams share the rest equally (477px for two teams, 318px for three).
LINE_PX = 1056
HAND_PX = 102
#: Each team's rule and the gap after it (2pt + 3pt); room kept at a team's right; the hand column's text
#: ends this far before the first rule.
EDGE_PT = 5.0
RIGHT_PT = 4.0
HAND_GAP_PT = 3.0
#: A little air before the hand column's text: a punctuation space.
LEAD = "\u2008"


def pt(px: float) -> float:
    """CSS pixels in points."""
    return px * 0.75


def units(points: float, size: float = FIGURE_PT) -> int:
    """Points in 1/2048 em of type of this size (the hands' 11pt unless said)."""
    return round(points * 2048 / size)


def team_px(team_count: int) -> int:
    """How wide each team's column is, in CSS pixels."""
    return (LINE_PX - HAND_PX) // team_count


def team_width_pt(team_count: int) -> float:
    """How wide each team's column is, in points."""
    return pt(team_px(team_count))


def text_start_pt(index: int, team_count: int) -> float:
    """Where a team's text starts on the line, after its rule and a little air, in points."""
    return pt(HAND_PX) + index * team_width_pt(team_count) + EDGE_PT


@dataclass(frozen=True)
class PrintedHand:
    """One hand of the printed sheet: its lines of text (padding included), shaded or not, and what today's
    rules would refuse in it ('' when nothing)."""

    text: str
    shaded: bool
    warning: str = ""


def cell_words(cell: TeamCell) -> str:
    """A team's hand in words: 'WENT OUT: Red Samba, Black Bolivia, Red 3s: 1. Penalty: Black 3s in hand'."""
    text = ""
    if cell.went_out:
        text = "WENT OUT CONCEALED: " if cell.concealed else "WENT OUT: "
    if not cell.melded:
        text += "NOT MELDED. "
    text += cell.sets_words
    if cell.penalties:
        many = len(cell.penalties) > 1
        named = ", ".join(f"{name} {points(value)}" if many else name for name, value in cell.penalties)
        text = (text + ". " if cell.sets_words else text) + f"Penalt{'ies' if many else 'y'}: {named}"
    return text.strip()


def hand_column(row: SheetRow, stretch: str) -> list[str]:
    """The hand column's lines: the hand number, the dealer (cut to fit), then 'Nobody went out' and
    'corrected' when they apply."""
    room = units(pt(HAND_PX) - HAND_GAP_PT) - metrics.width(LEAD, stretch)
    lines = [f"{FIGURE_SPACE if row.number < 10 else ''}{row.number}",
             metrics.cut_to_fit(row.dealer_short or row.dealer, room, stretch)]
    if not row.went_out_team:
        lines += metrics.wrap(NOBODY_OUT_SHORT, room, stretch)
    if row.corrected:
        lines.append("corrected")
    return [LEAD + line for line in lines]


def composed(hand: str, parts: list[str], stretch: str) -> str:
    """One line: the hand column's text, then each team's part padded to where its column's text starts."""
    line, at = hand, metrics.width(hand, stretch)
    for index, part in enumerate(parts):
        if part:
            pad, size = metrics.spaces(stretch, max(0, units(text_start_pt(index, len(parts))) - at))
            line += pad + part
            at += size + metrics.width(part, stretch)
    return line


def printed_hand(row: SheetRow, columns, shaded: bool) -> PrintedHand:
    """A hand as the printed sheet's lines: figures on the first line, sets and 3s in words below. A dealer
    whose name has a letter the width table lacks has a line of its own, so nothing after it can be moved."""
    stretch, count = columns[0].stretch, len(row.cells)
    room = units(team_width_pt(count) - EDGE_PT - RIGHT_PT)
    hand = hand_column(row, stretch)
    words = [metrics.wrap(text, room, stretch) if text else [] for text in map(cell_words, row.cells)]
    parts = [[str(hand_figures(columns, cell)) for cell in row.cells]]
    if not metrics.measurable(hand[1]):
        parts.append([""] * count)
    parts += [[lines[i] if i < len(lines) else "" for lines in words] for i in range(max(map(len, words)))]
    parts += [[""] * count] * (len(hand) - len(parts))
    text = "\n".join(composed(hand[i] if i < len(hand) else "", line, stretch) for i, line in enumerate(parts))
    warning = f"Check hand {row.number}: {row.warning}" if row.warning else ""
    return PrintedHand(text, shaded, warning)


def printed_hands(sheet: ScoreSheet, columns) -> tuple[PrintedHand, ...]:
    """Every hand of the sheet as printed lines, every other one shaded."""
    return tuple(printed_hand(row, columns, index % 2 == 1) for index, row in enumerate(sheet.rows))


def column_headings(sheet: ScoreSheet, columns) -> str:
    """The column headings below the teams' names (sheet_print.css sets those over each column): each team's
    figure headings, every word over its column, then "Sets and 3s"; the hand column's "Hand" and "Dealer"
    at the left. The first line is left empty for the names. Bold 10pt."""
    stretch, count = columns[0].stretch, len(sheet.teams)
    figure_lines = heading_lines(columns).split("\n")
    labels = [""] * len(figure_lines) + ["Dealer"]
    labels[-2] = "Hand"
    lines = [" "]
    for label, heading in zip(labels, figure_lines + ["Sets and 3s"]):
        line = LEAD + label if label else ""
        at = metrics.width(line, stretch, "bold")
        for index in range(count):
            pad, size = metrics.spaces(stretch, max(0, units(text_start_pt(index, count), HEADING_PT) - at), "bold")
            line += pad + heading
            at += size + metrics.width(heading, stretch, "bold")
        lines.append(line)
    return "\n".join(lines)


def totals_text(sheet: ScoreSheet, columns) -> Markup:
    """The totals as lines of text like a hand's: each team's total in bold, right-aligned in its column, and
    its next minimum while the game goes on; '★ WINNER' below the winner's."""
    stretch, count = columns[0].stretch, len(sheet.teams)
    label = LEAD + ("Final totals" if sheet.game_over else "Totals so far")
    line, at = Markup(escape(label)), metrics.width(label, stretch)
    total = [column.heading for column in columns].index("Total")
    winner = Markup("")
    for index, team in enumerate(sheet.teams):
        start = units(text_start_pt(index, count))
        figure = points(team.total)
        size = metrics.width(figure, stretch, "bold")
        pad, pad_size = metrics.spaces(stretch, max(0, start + sum(c.units for c in columns[:total + 1]) - size - at))
        line += pad + Markup("<b>%s</b>") % figure
        at += pad_size + size
        if not sheet.game_over:
            line += columns[total + 1].cell(team.next_minimum)
            at += columns[total + 1].units
        if team.is_winner:
            winner = metrics.spaces(stretch, start)[0] + Markup("<b>★ WINNER</b>")
    return line + ("\n" + winner if winner else "")
