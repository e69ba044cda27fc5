"""Score sheets as PDF: game sheets one or many, and the blank pad.

A game's sheet is a plain HTML table with print CSS (templates/sheets/_sheet_print.html,
static/css/sheet_print.css), rendered when asked (a few hundred ms for a long game, at most RENDER_SLOTS at once:
app/render/slots.py; a browser holding the current one is answered 304 by its ETag), laid out by the PDF tools of
app/render/pdf.py. The blank pad keeps the shared table and sheet.css.
"""
from __future__ import annotations

import gc
from typing import Iterable

from flask import current_app, render_template
from weasyprint import HTML

from app.store.tenancy.scope import name_of_club
from app.assets import static_dir, templates_dir
from app.store.game.models import Game
from app.render.sheet import game_sheet
from app.render.slots import bounded
from app.render.pdf import ROOT, parsed_css, fonts, joined_pdf, laid_out, local_time, own_styled, printed_now

SHEET_CSS = static_dir() / "css" / "sheet.css"
PRINT_CSS = static_dir() / "css" / "sheet_print.css"
TEMPLATES = templates_dir() / "sheets"


def stylesheets():
    """The parsed stylesheet of a game's printed sheet (sheet_print.css) and the font configuration."""
    return [parsed_css(PRINT_CSS, PRINT_CSS.stat().st_mtime)], fonts()


def pad_stylesheet():
    """The parsed stylesheet of the blank pad (sheet.css, shared with the screen) and the font configuration."""
    return parsed_css(SHEET_CSS, SHEET_CSS.stat().st_mtime), fonts()


def pad_pdf(html: str) -> bytes:
    """A PDF of this HTML page styled by sheet.css (run on a layout worker)."""
    css, font_config = pad_stylesheet()
    return HTML(string=html, base_url=str(ROOT)).write_pdf(stylesheets=[css], font_config=font_config)


@bounded
def render_pdf(html: str) -> bytes:
    """A PDF of this HTML page (the blank pad) styled by sheet.css."""
    return laid_out(pad_pdf, html)


def sheets_html(games: Iterable[Game]) -> str:
    """The HTML of one document holding each game's score sheet, each from a new page."""
    parts = []
    for game in games:
        sheet = game_sheet(game)
        parts.append({"sheet": sheet, "played": local_time(sheet.date)})
    return render_template("sheets/game_sheet_pdf.html", parts=parts, printed=printed_now(),
                           club=name_of_club(current_app.config["CLUB_NAME"]))


def sheet_documents(pages: list[str]) -> list:
    """Each game's sheet (its HTML) laid out on its own, so its pages are numbered "Page 1 of N" by game (call
    with the collector paused)."""
    css, font_config = stylesheets()
    documents = []
    for html in pages:
        if documents:
            # The last sheet's parsed page and styles are garbage now, in reference cycles: collect them while
            # they are few and fresh, rather than in one pass over all the sheets when the collector is back
            # on (measured: that pass grows faster than the number of sheets). A single sheet skips it: the
            # pass would only trace the laid-out pages still in use (about 4% of a 40-hand sheet).
            gc.collect(0)
        documents.append(HTML(string=html, base_url=str(ROOT)).render(stylesheets=css, font_config=font_config))
    return documents


def laid_out_pdf(pages: list[str], lead: str | None = None) -> bytes:
    """The PDF of these sheets' HTML, after the page `lead` when given (run on a layout worker)."""
    documents = ([own_styled(lead)] if lead else []) + sheet_documents(pages)
    data = joined_pdf(documents)
    # let go of the laid-out pages while the collector is still off: freed at once by reference
    # counting, they are not traced again by its first pass when it is back on.
    del documents
    return data


def render_sheets(games: Iterable[Game], lead: str | None = None) -> bytes:
    """One PDF of several games' score sheets (a session's print-all), each from a new page, after the page
    `lead` (HTML with its own styles: the results of the day) when given. The HTML is made here, the layout
    on a layout worker."""
    return laid_out(laid_out_pdf, [sheets_html([game]) for game in games], lead)
