"""HTML to PDF with WeasyPrint, using the same sheet.css as the screen."""
from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

from flask import Response
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

ROOT = Path(__file__).resolve().parent.parent.parent
SHEET_CSS = ROOT / "static" / "css" / "sheet.css"


class ScreenRulesFilter(logging.Filter):
    """Hide WeasyPrint's note that it skips sheet.css's screen-width rules (they are for tablets)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not ("max-width" in message and ("media type" in message or "Expected a media type" in message))


logging.getLogger("weasyprint").addFilter(ScreenRulesFilter())


@lru_cache(maxsize=4)
def _stylesheet(mtime: float):
    """sheet.css parsed once (again when the file changes), with one font configuration."""
    fonts = FontConfiguration()
    return CSS(filename=str(SHEET_CSS), font_config=fonts), fonts


def stylesheet():
    """The parsed print stylesheet and its font configuration."""
    return _stylesheet(SHEET_CSS.stat().st_mtime)


def render_pdf(html: str) -> bytes:
    """A PDF of this HTML page styled by sheet.css."""
    css, fonts = stylesheet()
    return HTML(string=html, base_url=str(ROOT)).write_pdf(stylesheets=[css], font_config=fonts)


def pdf_response(data: bytes, filename: str) -> Response:
    """Send a PDF to open in the browser, with a sensible name when saved."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response
