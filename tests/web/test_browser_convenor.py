"""The convenor's toolkit in Chromium at 1024x768: a tablet calls the organiser, the board lists the table until
the organiser clears it; a hand waits on the board until a player of another team taps Agreed; "Not agreed" calls
the organiser. The clock counts down on the board and the tablet. axe-core's AAA rules in the light and the dark
scheme on the board and the tablet as they change; screenshots to look at."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from tests.web.club_support import PLAYERS, club_clock, organised, signed_in, timed_session
from tests.web.test_browser_club import enter_hand
from tests.web.test_browser_contrast import AXE, violations

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_browser_convenor")]  # its module's fixture made once

SIZE = {"width": 1024, "height": 768}


@pytest.fixture(scope="module")
def convened(tmp_path_factory):
    """A server of its own with a timed session asking for agreement, drawn: (base URL, session id, table 1)."""
    # the board polls every second rather than five: it shows a call or a hand within a second, as checked below
    # the test client signs in and opens the sessions without a CSRF token; the browser's forms then need one
    with organised(tmp_path_factory, "treys_convenor", WTF_CSRF_ENABLED=False, BOARD_POLL_MS=1000) as (app, base_url,
                                                                                                        client):
        now = club_clock(app)       # each session is dated the day it ends: one ending past midnight is tomorrow's
        doc = timed_session(app, client, PLAYERS[:8], now + timedelta(minutes=45), agreement=True)
        closing = timed_session(app, client, PLAYERS[:4], now + timedelta(minutes=6))
        app.config["WTF_CSRF_ENABLED"] = True
        yield base_url, doc["id"], doc["tables"][0], closing


@pytest.fixture(scope="module")
def axe_source():
    return AXE.read_text()


def tablet_at(browser, base_url: str, table: dict, scheme: str):
    """A tablet at the table, holding its code (the table card's QR code)."""
    tablet = browser.new_context(viewport=SIZE).new_page()
    tablet.emulate_media(color_scheme=scheme)
    tablet.goto(f"{base_url}/games/{table['game_id']}?code={table['table_code']}")
    tablet.wait_for_url(f"**/games/{table['game_id']}")
    return tablet


def shot(page, output_dir, name: str, scheme: str) -> None:
    page.screenshot(path=str(output_dir / f"convenor_{name}_{scheme}_1024x768.png"), full_page=True)


def test_call_the_organiser_agreement_and_the_clock(browser, convened, output_dir, axe_source):
    base_url, session_id, table, _ = convened
    board_url = f"{base_url}/club/sessions/{session_id}/board"
    board = signed_in(browser, base_url, "light", SIZE)
    board.goto(board_url)
    expect(board.locator(".session-clock")).to_contain_text("minutes left")
    assert board.locator("#calls").is_hidden()
    tablet = tablet_at(browser, base_url, table, "light")
    expect(tablet.locator(".session-clock")).to_contain_text("minutes left")

    # call the organiser: the board shows the table (its polling reloads on a new call), the organiser clears it
    tablet.get_by_role("link", name="Call the organiser").click()
    expect(tablet.locator("h1")).to_have_text("Call the organiser?")      # asked first
    shot(tablet, output_dir, "call_confirm", "light")
    tablet.get_by_role("button", name="Yes, call the organiser").click()
    expect(tablet.locator(".call-waiting")).to_contain_text("The organiser has been called")
    call = board.locator(".call-table", has_text="Table 1")
    call.wait_for(timeout=15000)
    board.wait_for_load_state("load")      # the board reloaded itself for the call: its stylesheet applies
    assert call.evaluate("el => parseFloat(getComputedStyle(el).fontSize)") >= 48     # across the room
    shot(board, output_dir, "board_call", "light")
    board.get_by_role("button", name="Seen to: clear Table 1").click()
    board.wait_for_url(board_url)
    expect(board.locator("main")).to_contain_text("Table 1's call is cleared.")
    assert board.locator("#calls").is_hidden()
    tablet.reload()
    expect(tablet.get_by_role("link", name="Call the organiser")).to_be_visible()

    # a call the table sorted out itself is taken back: the board's list empties
    tablet.get_by_role("link", name="Call the organiser").click()
    tablet.get_by_role("button", name="Yes, call the organiser").click()
    board.locator(".call-table", has_text="Table 1").wait_for(timeout=15000)
    shot(tablet, output_dir, "call_waiting", "light")
    tablet.get_by_role("button", name="Take the call back (sorted out)").click()
    expect(tablet.locator("main")).to_contain_text("Your call is taken back")
    expect(board.locator("#calls")).to_be_hidden(timeout=15000)      # the board's poll sees the list change by itself

    # agreement: the hand waits on the board until a player of the other team agrees on this tablet
    enter_hand(tablet, table["game_id"], 1, (200, 100))
    expect(tablet.locator("#agree-title")).to_have_text("Hand 1: agreed?")
    section = board.locator(f'[data-game="{table["game_id"]}"]')
    expect(section.locator("[data-field=status]")).to_have_text("Hand 1 awaiting agreement", timeout=15000)
    expect(section).to_have_class("board-table is-awaiting")
    assert section.locator("[data-total='0']").inner_text() == "0"
    shot(tablet, output_dir, "tablet_agreement", "light")
    shot(board, output_dir, "board_awaiting", "light")
    other = table["teams"][1][0]
    tablet.get_by_role("button", name=f"Agreed: {other}").click()
    expect(tablet.locator("main")).to_contain_text(f"Hand 1 agreed by {other}: it counts on the board.")
    expect(section.locator("[data-field=status]")).to_have_text("Playing", timeout=15000)
    assert section.locator("[data-total='0']").inner_text() != "0"

    # not agreed: the hand keeps waiting and the organiser is called with the reason
    enter_hand(tablet, table["game_id"], 2, (100, 300))
    tablet.get_by_role("button", name="Not agreed: call the organiser").click()
    expect(tablet.locator(".call-waiting")).to_contain_text("Hand 2 not agreed")
    board.locator(".call-facts", has_text="Hand 2 not agreed").wait_for(timeout=15000)
    expect(section.locator("[data-field=status]")).to_have_text("Hand 2 awaiting agreement")
    shot(board, output_dir, "board_call_and_awaiting", "light")
    shot(tablet, output_dir, "tablet_called", "light")

    # AAA contrast on both pages in both schemes, as they stand (the clock, a call, a hand awaiting agreement)
    found = {}
    for scheme in ("light", "dark"):
        board.emulate_media(color_scheme=scheme)
        tablet.emulate_media(color_scheme=scheme)
        board.goto(board_url)
        tablet.goto(f"{base_url}/games/{table['game_id']}")
        found[("board", scheme)] = violations(board, axe_source)
        found[("tablet", scheme)] = violations(tablet, axe_source)
        shot(board, output_dir, "board", scheme)
        shot(tablet, output_dir, "tablet", scheme)
    assert found == {key: [] for key in found}
    board.context.close()
    tablet.context.close()


def test_the_warning_in_the_last_ten_minutes_on_the_board_and_the_tablet(browser, convened, output_dir, axe_source):
    base_url, _, _, closing = convened
    board = signed_in(browser, base_url, "light", SIZE)
    tablet = tablet_at(browser, base_url, closing["tables"][0], "light")
    found = {}
    for scheme in ("light", "dark"):
        for name, page, url in (("board", board, f"{base_url}/club/sessions/{closing['id']}/board"),
                                ("tablet", tablet, f"{base_url}/games/{closing['tables'][0]['game_id']}")):
            page.emulate_media(color_scheme=scheme)
            page.goto(url)
            expect(page.locator(".session-clock")).to_have_class(re.compile(r"is-(warning|called)"))
            expect(page.locator(".session-clock")).to_contain_text(re.compile(r"time is called at|Time is called"))
            found[(name, scheme)] = violations(page, axe_source)
            shot(page, output_dir, f"{name}_warning", scheme)
    assert found == {key: [] for key in found}
    board.context.close()
    tablet.context.close()


def test_a_substitute_from_the_session_page(browser, convened, output_dir, axe_source):
    base_url, _, _, closing = convened
    page = signed_in(browser, base_url, "light", SIZE)
    page.goto(f"{base_url}/club/sessions/{closing['id']}")
    leaving = closing["tables"][0]["teams"][0][0]
    page.locator("select[name=leaving]").select_option(leaving)
    page.locator("#substitute").fill("Zoe")
    page.get_by_role("button", name="Seat the substitute").click()
    expect(page.locator("main")).to_contain_text(f"{leaving} has left: Zoe plays for {leaving} at Table 1 from hand 1.")
    expect(page.locator(".results-changes")).to_contain_text(f"Table 1: Zoe played for {leaving} from hand 1.")
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{base_url}/club/sessions/{closing['id']}")
        found[("session", scheme)] = violations(page, axe_source)
        shot(page, output_dir, "session_substitute", scheme)
        page.goto(f"{base_url}/club/sessions/{closing['id']}/results")
        expect(page.locator(".results-changes")).to_contain_text("Zoe played for")
        found[("results", scheme)] = violations(page, axe_source)
        shot(page, output_dir, "results_substitute", scheme)
        page.goto(f"{base_url}/games/{closing['tables'][0]['game_id']}")
        expect(page.locator(".total-players").first).to_contain_text(f"Zoe (for {leaving} from hand 1)")
        found[("game", scheme)] = violations(page, axe_source)
    assert found == {key: [] for key in found}
    page.context.close()
