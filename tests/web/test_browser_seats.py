"""Seats set by hand in Chromium at 1024x768, in both colour schemes: the organiser moves two players from the table
of six to a table of four with the session page's form (no script needed), the tables and the record follow; a
move the rules do not allow is refused in the red box; screenshots to look at."""
from __future__ import annotations

import pytest

from tests.web.club_support import PLAYERS, open_session, organised, signed_in

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A server of its own with the organiser; a client signed in to open sessions through the API."""
    with organised(tmp_path_factory, "treys_browser_seats") as (_, base_url, client):
        yield client, base_url


def tables_of(client, sid: int) -> dict[int, list[list[str]]]:
    return {t["table"]: t["teams"] for t in client.get(f"/club/sessions/{sid}/board.json").get_json()["tables"]}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_organiser_moves_two_players_and_is_refused_a_table_of_five(browser, club, output_dir, scheme):
    client, base_url = club
    sid = open_session(client, PLAYERS[:10]).get_json()["id"]
    tables = tables_of(client, sid)
    six = next(n for n, teams in tables.items() if sum(map(len, teams)) == 6)
    four = next(n for n, teams in tables.items() if sum(map(len, teams)) == 4)
    first, second = tables[six][0][2], tables[six][1][2]
    page = signed_in(browser, base_url, scheme, java_script_enabled=False)
    page.goto(f"{base_url}/club/sessions/{sid}")
    page.locator("select[name=player]").select_option(first)
    page.locator("select[name=partner]").select_option(second)
    page.locator("select[name=to]").select_option(str(four))
    page.get_by_role("button", name="Move", exact=True).click()
    page.wait_for_url(f"**/club/sessions/{sid}")
    done = page.get_by_role("status").filter(has_text=f"{first} and {second} move from Table {six} to Table {four}.")
    assert done.is_visible() and done.bounding_box()["y"] < 768          # said at once, above the tables
    card = page.locator(f"section.draw-table[aria-label='Table {four}']")
    assert first in card.inner_text() and second in card.inner_text()
    assert "set some seats by hand" in page.locator("#draw-words").inner_text()
    for control in page.locator(".seat-form select, .seat-form button").all():
        box = control.bounding_box()
        assert box["height"] >= 40, (control.inner_text()[:30], box)          # a finger's width
        assert float(control.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 17
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    folder = output_dir / "organiser"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"seats_moved_{scheme}_1024x768.png"))
    page.locator("#seats").scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"seats_form_{scheme}_1024x768.png"))

    page.locator("select[name=player]").select_option(tables[four][0][0])
    page.locator("select[name=partner]").select_option("")
    page.locator("select[name=to]").select_option("out")
    page.get_by_role("button", name="Move", exact=True).click()
    page.wait_for_url(f"**/club/sessions/{sid}/move")           # the refusal comes back as the form's own page
    alert = page.get_by_role("alert")
    assert alert.is_visible() and "would have 5 players" in alert.inner_text()
    assert "swap them instead" in alert.inner_text()
    page.screenshot(path=str(folder / f"seats_refused_{scheme}_1024x768.png"))
    assert tables_of(client, sid)[four] == [[*tables[four][0], first], [*tables[four][1], second]]
    page.context.close()
