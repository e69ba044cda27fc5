"""Long work says so: printing a whole session and restoring a backup show at once that they are working, with a
bar and the seconds gone by (no inline script: the CSP holds), instead of a page that seems stuck."""
import re

import pytest
from playwright.sync_api import expect

from tests.web.test_browser_board import session_of
from tests.web.test_browser_restore import BACKUP, log_in, new_install  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser


def working(page, link_or_button):
    """Press it and read what the page says while the work goes on (the page's own answer to the press runs, then
    the navigation is held back, as if the server were slow): the note's words, its bar's max and value after a
    second and a half."""
    page.evaluate("""() => {
        window.addEventListener('click', e => { if (e.target.closest('a')) e.preventDefault(); });
        window.addEventListener('submit', e => e.preventDefault());
    }""")
    link_or_button.click()
    note = page.locator(".busy-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(re.compile(r"Working: [1-9]\d* s"))
    bar = note.locator("progress.busy-bar")
    return {"text": note.inner_text(), "max": bar.evaluate("b => b.max"), "value": bar.evaluate("b => b.value")}


def test_printing_a_whole_session_says_it_is_working_and_how_far(live_server, page):
    board, session = session_of(page, live_server, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"], hands=1)
    page.goto(board.replace("/board", "/results"))
    note = working(page, page.get_by_role("link", name="Print results and every sheet"))
    assert "The PDF opens by itself when it is ready" in note["text"]
    assert note["max"] == 2.0 and 0.5 <= note["value"] < 2.0         # 1 s and half a second for each of 2 tables
    assert "of about 2 s" in note["text"]


def test_restoring_a_backup_says_it_is_working(new_install, page):  # noqa: F811
    log_in(page, new_install)
    page.goto(f"{new_install}/records/#restore")
    page.set_input_files("input[name=backup]", str(BACKUP))
    note = working(page, page.get_by_role("button", name="Check the backup"))
    assert "Reading the backup and checking every game in it" in note["text"]
    page.reload()                                            # now for real: the backup checked, then restored
    page.set_input_files("input[name=backup]", str(BACKUP))
    page.get_by_role("button", name="Check the backup").click()
    expect(page.locator(".restore-counts")).to_contain_text("Hands")
    note = working(page, page.get_by_role("button", name="Restore this backup"))
    assert "Restoring the backup" in note["text"] and note["max"] > 1
