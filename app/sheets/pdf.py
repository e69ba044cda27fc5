"""HTML to PDF with WeasyPrint, using the same sheet.css as the screen."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import Response

ROOT = Path(__file__).resolve().parent.parent.parent
SHEET_CSS = ROOT / "static" / "css" / "sheet.css"


@lru_cache(maxsize=4)
def _stylesheet(mtime: float):
    """sheet.css parsed once (again when the file changes), with one font configuration."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration
    fonts = FontConfiguration()
    return CSS(filename=str(SHEET_CSS), font_config=fonts), fonts


def stylesheet():
    """The parsed print stylesheet and its font configuration."""
    return _stylesheet(SHEET_CSS.stat().st_mtime)


def render_pdf(html: str) -> bytes:
    """A PDF of this HTML page styled by sheet.css."""
    from weasyprint import HTML
    css, fonts = stylesheet()
    return HTML(string=html, base_url=str(ROOT)).write_pdf(stylesheets=[css], font_config=fonts)


def pdf_response(data: bytes, filename: str) -> Response:
    """Send a PDF to open in the browser, with a sensible name when saved."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response
