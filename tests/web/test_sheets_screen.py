"""The score sheet on the game page in a real browser: it fits a 768px tablet without sideways scrolling.

Screenshots go to tests/output/screens/sheet_*.png.
"""
from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from app.sheets.sample import sample_game
from tests.conftest import database_url, dispose_app, make_app
from tests.web.club_support import public_club
from tests.web.test_browser_table import painted_at

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_sheets_screen")]  # its module's fixture made once

SIZES = ((768, 1024), (1024, 768), (390, 844))


@pytest.fixture(scope="module")
def sheet_server(tmp_path_factory):
    """A server of its own holding a 6-player game and a 3-player Sambola game."""
    app = make_app(database_url(tmp_path_factory.mktemp("sheets") / "sheets.sqlite3"))
    with app.app_context():
        games = {"six_players": sample_game("bolivia", hands=12, team_size=3, finished=True).id,
                 "three_alone": sample_game("sambola", hands=8, team_count=3, team_size=1, finished=False).id}
    public_club(app)                    # these tests are about how the sheet looks, not who reads it
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", games
    server.shutdown()
    thread.join(timeout=10)
    dispose_app(app)


@pytest.mark.parametrize("which", ["six_players", "three_alone"])
def test_sheet_fits_the_screen(sheet_server, page, output_dir, which):
    base, games = sheet_server
    folder = output_dir / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    page.goto(f"{base}/games/{games[which]}")
    table = page.locator("table.score-sheet")
    assert table.count() == 1, "the game page includes templates/sheets/_sheet.html"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        painted_at(page, width, height)
        wrap, inner, doc = page.evaluate("""() => {
            const wrap = document.querySelector('.sheet-wrap');
            return [wrap.clientWidth, wrap.scrollWidth, document.documentElement.scrollWidth];
        }""")
        assert inner <= wrap, f"{which} at {width}px: the sheet is {inner}px wide in {wrap}px"
        assert doc <= width, f"{which} at {width}px: the page scrolls sideways"
        # the totals row is on screen at every size (headings may become per-cell labels on a phone)
        text = table.inner_text()
        assert "Final totals" in text or "Totals so far" in text
        table.screenshot(path=str(folder / f"sheet_{which}_{width}x{height}.png"))
