"""HTML to PDF with WeasyPrint, game sheets one or many, and their cache.

A game's sheet has its own print markup (templates/sheets/_sheet_print.html) and stylesheet
(static/css/sheet_print.css): few boxes, so WeasyPrint lays out a 40-hand game quickly. Each hand's figures
for a team are one run of text, lined up under the headings by padding with spaces as wide as a digit
(see FigureColumn). The blank pad keeps the shared table and sheet.css.
"""
from __future__ import annotations

import atexit
import gc
import hashlib
import logging
import math
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from flask import Response, current_app, render_template
from markupsafe import Markup, escape
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from app.formatting import points
from app.models import Game
from app.cache import VersionCache, remembered, version_cache
from app.sheets.view import game_sheet
from app.sheets.guard import bounded, collector_paused

ROOT = Path(__file__).resolve().parent.parent.parent
SHEET_CSS = ROOT / "static" / "css" / "sheet.css"
PRINT_CSS = ROOT / "static" / "css" / "sheet_print.css"
TEMPLATES = ROOT / "templates" / "sheets"


class ScreenRulesFilter(logging.Filter):
    """Hide WeasyPrint's note that it skips sheet.css's screen-width rules (they are for tablets)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not ("max-width" in message and ("media type" in message or "Expected a media type" in message))


logging.getLogger("weasyprint").addFilter(ScreenRulesFilter())


@lru_cache(maxsize=1)
def fonts() -> FontConfiguration:
    """One font configuration for every stylesheet and render."""
    return FontConfiguration()


@lru_cache(maxsize=8)
def _parsed(path: Path, mtime: float) -> CSS:
    """A stylesheet parsed once (again when the file changes)."""
    return CSS(filename=str(path), font_config=fonts())


@atexit.register
def release_fonts() -> None:
    """Free WeasyPrint's fonts while Pango is still loaded: freed during the interpreter's own
    teardown instead, g_object_unref crashes the process as it exits (seen as a segfault)."""
    _parsed.cache_clear()
    fonts.cache_clear()
    gc.collect()


def stylesheet():
    """The parsed stylesheet of a game's printed sheet (sheet_print.css) and the font configuration."""
    return _parsed(PRINT_CSS, PRINT_CSS.stat().st_mtime), fonts()


def pad_stylesheet():
    """The parsed stylesheet of the blank pad (sheet.css, shared with the screen) and the font configuration."""
    return _parsed(SHEET_CSS, SHEET_CSS.stat().st_mtime), fonts()


@bounded
def render_pdf(html: str) -> bytes:
    """A PDF of this HTML page (the blank pad) styled by sheet.css."""
    css, font_config = pad_stylesheet()
    with collector_paused():
        return HTML(string=html, base_url=str(ROOT)).write_pdf(stylesheets=[css], font_config=font_config)


# --- figures lined up without a box each ---------------------------------------------------------------

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
    ("Penalties", lambda cell: sum(p for _, p in cell.penalties) if cell.penalties else None, 5.5),
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


def printed_now() -> str:
    """When the sheet was printed, for its footer: '14 May 2025 15:02'."""
    return datetime.now().strftime("%-d %b %Y %H:%M")


def local_time(moment: datetime | None) -> datetime | None:
    """A stored UTC time in the server's local time (the club's clock), for the sheet's date."""
    return moment.replace(tzinfo=timezone.utc).astimezone() if moment else None


def sheets_html(games: Iterable[Game]) -> str:
    """The HTML of one document holding each game's score sheet, each from a new page."""
    parts = []
    for game in games:
        sheet = game_sheet(game)
        parts.append({"sheet": sheet, "played": local_time(sheet.date), "columns": figure_columns(sheet)})
    return render_template("sheets/game_sheet_pdf.html", parts=parts, printed=printed_now(),
                           club=current_app.config["CLUB_NAME"], hand_figures=hand_figures,
                           figure_run=figure_run, heading_lines=heading_lines, figure=FIGURE_SPACE)


def render_sheets(games: Iterable[Game]) -> bytes:
    """One PDF of several games' score sheets (a session's print-all), each from a new page.

    Each sheet is laid out on its own (its pages numbered "Page 1 of N" by game), then all pages are
    written as one PDF, so the fonts are embedded once.
    """
    css, font_config = stylesheet()
    with collector_paused():
        documents = []
        for game in games:
            documents.append(HTML(string=sheets_html([game]), base_url=str(ROOT)).render(
                stylesheets=[css], font_config=font_config))
            # The parsed page and its styles are garbage now, in reference cycles: collect them while
            # they are few and fresh, rather than in one pass over all the sheets when the collector is
            # back on (measured: that pass grows faster than the number of sheets).
            gc.collect(0)
        if not documents:
            raise ValueError("render_sheets needs at least one game")
        pages = [page for document in documents for page in document.pages]
        data = documents[0].copy(pages).write_pdf()
        # and let go of the laid-out pages while the collector is still off: freed at once by reference
        # counting, they are not traced again by its first pass when it is back on.
        del documents, pages
    return data


@lru_cache(maxsize=4)
def _code_stamp(*mtimes: float) -> str:
    """A short fingerprint of the stylesheet and templates, so a new release never serves an old sheet."""
    return hashlib.sha1(repr(mtimes).encode()).hexdigest()[:8]


def code_stamp() -> str:
    """The fingerprint of what a sheet is made from besides the game."""
    files = [SHEET_CSS, PRINT_CSS, *sorted(TEMPLATES.glob("*.html"))]
    return _code_stamp(*(f.stat().st_mtime for f in files))


def sheet_etag(game_id: int, version: int) -> str:
    """The ETag of a game's sheet: its id and version (every change bumps it) and the code stamp."""
    return f"sheet-{game_id}-v{version}-{code_stamp()}"


@dataclass(frozen=True)
class CachedSheet:
    """A rendered sheet with the ETag and time it stands for."""

    etag: str
    data: bytes
    modified: datetime | None


def sheet_cache() -> VersionCache:
    """The app's cache of rendered sheets and other per-version views."""
    return version_cache()


def cached_sheet(game: Game) -> CachedSheet:
    """The game's sheet as a PDF, rendered once per version of the game."""
    etag = sheet_etag(game.id, game.version)
    return remembered(etag, lambda: CachedSheet(etag, render_sheets([game]), game.updated_at))


def pdf_response(data: bytes, filename: str) -> Response:
    """Send a PDF to open in the browser, with a sensible name when saved."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response
