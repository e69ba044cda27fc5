"""HTML to PDF with WeasyPrint for every feature: one set of fonts, layout workers off the request threads, a PDF
answer.

The fonts are cut down to the letters used by HarfBuzz's subsetter (libharfbuzz-subset0, docs/hosting.md);
without it WeasyPrint falls back to fontTools, about a third slower for a long sheet. At most RENDER_SLOTS
layouts run at once (app/render/slots.py).
"""
from __future__ import annotations

import atexit
import gc
import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from flask import Response
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from app.assets import asset_root
from app.store.base.clubtime import club_now, in_club_zone
from app.render.slots import RENDER_SLOTS
from app.store.base.collector import collector_paused

ROOT = asset_root()

#: Where the sheets are laid out: workers of their own, off the request threads, each starting from a shallow
#: stack. Measured: a 40-hand sheet costs 40-80 ms less CPU here than laid out at a request's depth, where
#: CPython 3.11 maps and unmaps a frame-stack chunk each time WeasyPrint's deep recursion crosses its edge.
LAYOUTS = ThreadPoolExecutor(max_workers=RENDER_SLOTS, thread_name_prefix="sheet-layout")


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
def parsed_css(path: Path, mtime: float) -> CSS:
    """A stylesheet parsed once (again when the file changes)."""
    return CSS(filename=str(path), font_config=fonts())


@atexit.register
def release_fonts() -> None:
    """Free WeasyPrint's fonts while Pango is still loaded: freed during the interpreter's own
    teardown instead, g_object_unref crashes the process as it exits (seen as a segfault)."""
    parsed_css.cache_clear()
    fonts.cache_clear()
    gc.collect()


def printed_now() -> str:
    """When the sheet was printed, for its footer: '14 May 2025 15:02'."""
    return club_now().strftime("%-d %b %Y %H:%M")


def local_time(moment: datetime | None) -> datetime | None:
    """A stored UTC time on the club's clock, for the sheet's date."""
    return in_club_zone(moment) if moment else None


def joined_pdf(documents: list) -> bytes:
    """One PDF of every page of these laid-out documents, in order, the fonts embedded once."""
    if not documents:
        raise ValueError("a PDF needs at least one document")
    return documents[0].copy([page for document in documents for page in document.pages]).write_pdf()


def laid_out(work, *args):
    """`work(*args)` run on a layout worker, with the cycle collector paused, and its answer."""
    with collector_paused():
        return LAYOUTS.submit(work, *args).result()


def own_styled(html: str):
    """A laid-out WeasyPrint document of this HTML page with its own styles (the sheets' fonts)."""
    return HTML(string=html, base_url=str(ROOT)).render(font_config=fonts())


def page_pdf(html: str) -> bytes:
    """The PDF of one HTML page with its own styles (table cards, standings), laid out on a layout worker."""
    return laid_out(lambda: own_styled(html).write_pdf())


def pdf_response(data: bytes, filename: str) -> Response:
    """Send a PDF to open in the browser, with a sensible name when saved."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response
