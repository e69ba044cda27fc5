"""Benchmark the score-sheet PDF (prints figures, asserts nothing; not a test).

Builds a 40-hand game of six players in a temporary SQLite database through the services, then
renders its score sheet N times and a one-line PDF page with the same WeasyPrint setup (same
stylesheet, same font configuration), and prints the median times, their ratio and the page counts.

    .venv/bin/python scripts/bench_sheet.py [N]
"""
from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader  # noqa: E402

from app import create_app  # noqa: E402
from app.extensions import db  # noqa: E402
from app.sheets.pdf import render_pdf  # noqa: E402
from app.sheets.sample import sample_game  # noqa: E402
from app.sheets.views import render_game_sheet  # noqa: E402

HANDS = 40
RUNS = 5
ONE_LINE = ('<!doctype html><html><head><meta charset="utf-8"></head>'
            '<body class="sheet-doc"><p>One line.</p></body></html>')


def median_seconds(work, runs: int) -> float:
    """Median wall time of `runs` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pages(pdf: bytes) -> int:
    """Pages in a PDF."""
    return len(PdfReader(io.BytesIO(pdf)).pages)


def main() -> None:
    """Print the figures."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"})
        with app.app_context(), app.test_request_context():
            db.create_all()
            game = sample_game("bolivia", hands=HANDS, team_size=3, finished=True)
            html = render_game_sheet(game)
            render_pdf(ONE_LINE)                          # warm up: fonts, stylesheet, WeasyPrint
            sheet_pdf, line_pdf = render_pdf(html), render_pdf(ONE_LINE)
            template = median_seconds(lambda: render_game_sheet(game), runs)
            sheet = median_seconds(lambda: render_pdf(render_game_sheet(game)), runs)
            line = median_seconds(lambda: render_pdf(ONE_LINE), runs)
            db.session.remove()
            db.engine.dispose()
    print(f"score sheet, {HANDS} hands, {sum(len(t.players) for t in game.teams)} players: "
          f"{sheet * 1000:.0f} ms median of {runs} (HTML from the template alone {template * 1000:.1f} ms), "
          f"{pages(sheet_pdf)} pages, {len(sheet_pdf) / 1024:.0f} KiB")
    print(f"one-line page: {line * 1000:.0f} ms median of {runs}, {pages(line_pdf)} page, "
          f"{len(line_pdf) / 1024:.0f} KiB")
    print(f"ratio sheet / one-line page: {sheet / line:.1f}x")


if __name__ == "__main__":
    main()
