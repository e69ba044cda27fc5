"""Benchmark the score-sheet PDF against a naive WeasyPrint table (prints figures, asserts nothing).

In one process, interleaved, median of RUNS: a naive 40 x 13 bordered table (the anchor), the first
download of a 40-hand 6-player sheet (cache emptied), a repeat download, a conditional one (304), and
a print-all of 10 such games in one PDF (app.sheets.pdf.render_sheets) against one sheet of the same ten
(each round the next game, at least PRINT_ALL_RUNS rounds).

    .venv/bin/python scripts/bench_sheet.py [RUNS]
"""
from __future__ import annotations

import io
import itertools
import sys
import tempfile

from benchkit import build_game, finish, interleaved, make_app, verdict

from pypdf import PdfReader
from weasyprint import CSS, HTML

from app.sheets.pdf import render_sheets, sheet_cache

RUNS = 3
PRINT_ALL_RUNS = 7
HANDS = 40
TABLES = 10
NAIVE_HTML = ("<!doctype html><html><body><table>" + "".join(
    "<tr>" + "".join(f"<td>{(r * 13 + c) * 5:,}</td>" for c in range(13)) + "</tr>" for r in range(40))
    + "</table></body></html>")
NAIVE_CSS = CSS(string="table { border-collapse: collapse } td { border: 1px solid #000; padding: 2px 4px }")


def naive_table() -> bytes:
    """The anchor: a plain bordered 40 x 13 table, WeasyPrint's defaults otherwise."""
    return HTML(string=NAIVE_HTML).write_pdf(stylesheets=[NAIVE_CSS])


def main() -> None:
    """Print the figures."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(f"sqlite:///{folder}/bench.sqlite3")
        client = app.test_client()
        with app.app_context(), app.test_request_context():
            games = [build_game(HANDS, seed=i + 1, label=f"Table {i + 1}") for i in range(TABLES)]
            game = games[0]
            url = f"/games/{game.id}/sheet.pdf"
            first = client.get(url)
            etag = first.headers["ETag"]

            def first_download():
                sheet_cache().clear()
                assert client.get(url).status_code == 200

            cases = {
                "naive": naive_table,
                "first": first_download,
                "repeat": lambda: client.get(url),
                "revalidate": lambda: client.get(url, headers={"If-None-Match": etag}),
            }
            naive_table()
            times = interleaved(cases, runs)
            repeat = client.get(url)
            again = client.get(url, headers={"If-None-Match": etag})
            each = itertools.cycle(games)
            alone = interleaved({"one": lambda: render_sheets([next(each)]),
                                 "all": lambda: render_sheets(games)}, max(runs, PRINT_ALL_RUNS))
            all_pdf = render_sheets(games)
    pages = len(PdfReader(io.BytesIO(first.data)).pages)
    naive, sheet = times["naive"], times["first"]
    print(f"anchor: naive {40}x13 bordered table, same WeasyPrint: {naive * 1000:.0f} ms (median of {runs})")
    print(f"sheet PDF, {HANDS} hands, 6 players, first download: {sheet * 1000:.0f} ms, {pages} pages, "
          f"{len(first.data) // 1024} KiB; ratio {sheet / naive:.2f} x anchor: {verdict(sheet / naive, 0.6)}")
    print(f"repeat download (cached, {repeat.status_code}): {times['repeat'] * 1000:.2f} ms; ratio "
          f"{times['repeat'] / sheet:.4f} x first: {verdict(times['repeat'] / sheet, 0.02)}")
    print(f"If-None-Match download ({again.status_code}): {times['revalidate'] * 1000:.2f} ms; ratio "
          f"{times['revalidate'] / sheet:.4f} x first: {verdict(times['revalidate'] / sheet, 0.02)}")
    ratio = alone["all"] / alone["one"]
    print(f"print-all of {TABLES} tables ({HANDS} hands each) in one PDF (render_sheets): "
          f"{alone['all'] * 1000:.0f} ms, {len(PdfReader(io.BytesIO(all_pdf)).pages)} pages; one of its sheets "
          f"{alone['one'] * 1000:.0f} ms; ratio {ratio:.1f} x one: {verdict(ratio, 10)}")


if __name__ == "__main__":
    main()
    finish()
