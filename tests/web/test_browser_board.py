"""The organiser's board on one laptop screen: 8 tables (32 players) at 1024x768 with Call time in view, in
light and dark; a projector view in big type for more. Screenshots to tests/output/screens/."""
import re
from base64 import b64encode
from datetime import timedelta

import pytest
import time_machine
from playwright.sync_api import expect

from tests.web.club_support import NAME, PASSWORD
from tests.web.layout_support import phrase_lines
from tests.web.test_browser_club import log_in

pytestmark = pytest.mark.browser

THIRTY_TWO = [f"{first} {last}" for last in ("Smith", "Jones", "Brown", "Wilson")
              for first in ("Margaret", "Bernadette", "Kathleen", "Dorothy", "Geoffrey", "Reginald", "Patricia",
                            "Winifred")]


def session_of(page, live_server, players, hands=2, format_kind="time"):
    """A session opened through the API (timed unless `format_kind` says; the organiser's account made or logged
    into first), each table with `hands` hands entered: its board's address and the API's answer."""
    log_in(page, live_server)
    token = b64encode(f"{NAME}:{PASSWORD}".encode()).decode()
    answer = page.request.post(f"{live_server}/api/v1/sessions", headers={"Authorization": f"Basic {token}"},
                               data={"ruleset": "bolivia", "format": {"kind": format_kind}, "players": players,
                                     "partners": "random"})
    assert answer.status == 201, answer.text()
    for table in answer.json()["tables"]:          # five-figure totals: the widest a board shows
        for _ in range(hands):
            hand = page.request.post(f"{live_server}/api/v1/games/{table['game_id']}/hands",
                                     headers={"X-Table-Code": table["table_code"]},
                                     data={"teams": [{"table_points": 1105, "went_out": True, "sets": {"red_bolivia": 1, "red_samba": 1, "red_canasta": 3}},
                                                     {"table_points": 500, "sets": {"black_canasta": 1}}]})
            assert hand.status == 201, hand.text()
    return f"{live_server}/club/sessions/{answer.json()['id']}/board", answer.json()


def measure(page):
    """The page's height (its body: the document is never shorter than the window) and the Call time button's box."""
    height = page.evaluate("Math.ceil(document.body.getBoundingClientRect().height)")
    box = page.get_by_role("link", name="Call time").bounding_box()
    return height, box


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_eight_tables_and_call_time_fit_one_laptop_screen(live_server, browser, output_dir, scheme):
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        board, _ = session_of(page, live_server, THIRTY_TWO)
        page.goto(board)
        assert page.locator(".board-table").count() == 8
        height, box = measure(page)
        (output_dir / "screens").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(output_dir / "screens" / f"board8_{scheme}_1024x768.png"), full_page=True)
        with (output_dir / "screens" / "board.txt").open("a") as figures:
            figures.write(f"Board of 8 tables (32 players, five-figure totals) at 1024x768, {scheme}: {height}px tall, "
                          f"Call time at {box['y']:.0f}-{box['y'] + box['height']:.0f}px\n")
        assert height <= 768, f"the board of 8 tables is {height}px tall"
        assert 0 <= box["y"] and box["y"] + box["height"] <= 768, box
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert height <= 768 - 40, f"{height}px: room for one more strip (calls to the organiser) under the buttons"
        totals = page.locator(".board-total").first
        assert float(totals.evaluate("t => parseFloat(getComputedStyle(t).fontSize)")) >= 24   # read from a step back
        page.goto(board + "?projector=1")
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.screenshot(path=str(output_dir / "screens" / f"board8_projector_{scheme}_1920x1080.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollHeight") <= 1080
        assert float(page.locator(".board-total").first.evaluate(
            "t => parseFloat(getComputedStyle(t).fontSize)")) >= 40
    finally:
        context.close()


#: A laptop, a tablet upright and a phone.
HEAD_VIEWS = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024},
              "390x844": {"width": 390, "height": 844}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_boards_heading_breaks_only_between_whole_phrases(live_server, browser, output_dir, scheme):
    """'Round' and its number never part, nor a date nor 'ends at' its time: a line breaks only at a '·', with
    the longest day's name a board shows (Wednesday) and time called, on a laptop, a tablet and a phone."""
    context = browser.new_context(color_scheme=scheme, viewport=HEAD_VIEWS["1024x768"])
    page = context.new_page()
    try:
        board, _ = session_of(page, live_server, THIRTY_TWO)
        folder = output_dir / "screens"
        folder.mkdir(parents=True, exist_ok=True)
        # the board's own poll would redraw the heading (time called hidden again) between the widest words
        # written here and their measure: every poll is told "nothing new", so the page stays as written
        page.route("**/board.json*", lambda route: route.fulfill(status=304))
        for view, viewport in HEAD_VIEWS.items():
            page.set_viewport_size(viewport)
            page.goto(board)
            heading, facts = page.locator(".board-head h1"), page.locator(".board-format")
            page.screenshot(path=str(folder / f"board_head_{view}_{scheme}.png"))
            for widest in (False, True):
                if widest:         # the longest date, an end time and time called: the most the heading holds
                    page.evaluate("""() => {
                      const walker = document.createTreeWalker(document.querySelector('.board-head h1'), NodeFilter.SHOW_TEXT);
                      while (walker.nextNode() && !walker.currentNode.data.trim()) { /* the first words: the date */ }
                      walker.currentNode.data = walker.currentNode.data.replace(/[A-Za-z]+ \\d+ [A-Za-z]+/, 'Wednesday 30 September');
                      document.getElementById('time-called').hidden = false;
                      document.querySelector('.board-format').firstElementChild.insertAdjacentHTML(
                        'afterend', ' <span class="board-part">\\u00b7 ends at 16:45</span>');
                    }""")
                    page.screenshot(path=str(folder / f"board_head_widest_{view}_{scheme}.png"))
                parts = phrase_lines(heading) + phrase_lines(facts)
                assert [phrase for phrase, _ in parts][1:] == [f"Round {page.locator('#board').get_attribute('data-round')}",
                                                               *(["timed", "ends at 16:45", "TIME IS CALLED"] if widest
                                                                 else ["timed"])], parts
                assert all(lines == 1 for _, lines in parts), f"{view}: a phrase split over lines: {parts}"
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()


def test_the_board_says_the_minutes_since_each_tables_last_entry_by_itself(live_server, browser):
    """Outside a timed session the board's stamp holds no minute: a quarter of an hour with no hand, its polls
    are all answered 304, and the page moves "last entry N min ago" on by the server's clock (each answer's
    Date, not the browser's own, here a minute fast), in the server's own words, marks the quiet table, and
    says "Updated ..." anew once a minute."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        board, doc = session_of(page, live_server, THIRTY_TWO[:8], hands=1, format_kind="target")
        page.clock.install()
        with page.expect_response(lambda answer: answer.url.endswith("/board.json")) as first:
            page.goto(board)
        assert first.value.status == 200
        section = page.locator(f'[data-game="{doc["tables"][0]["game_id"]}"]')
        facts, updated = section.locator("[data-field=facts]"), page.locator("#board-updated")
        expect(facts).to_have_text("1 hand · last entry just now")
        expect(updated).to_contain_text("Updated")
        polls = []
        page.on("response", lambda answer: polls.append(answer.status) if answer.url.endswith("/board.json") else 0)
        said = updated.inner_text()
        page.clock.fast_forward("01:05")                       # the browser's clock a minute fast
        expect(updated).not_to_have_text(said)                 # said anew after a minute of 304s
        expect(facts).to_have_text("1 hand · last entry just now")      # by the server's clock
        with time_machine.travel(timedelta(minutes=16, seconds=30)):       # the server's clock, not the browser's
            expect(facts).to_have_text("1 hand · last entry 16 min ago")
            expect(section).to_have_class(re.compile(r"\bis-quiet\b"))
            served = page.request.get(f"{board}.json").json()["tables"][0]["facts"]
        assert served == "1 hand · last entry 16 min ago"          # the server's words, asked afresh
        assert polls and set(polls) == {304}, polls
    finally:
        context.close()
