"""The organiser's pages after a round in Chromium: the results (margins written one way, the chart's sentence
in readable type, the page's margins, no sideways scroll at 200 %), the game page's score sheet whole on a
1,366 px laptop, a finished table's tablet and the board once the round is over, the call's confirmation and
call time's; each page in both colour schemes at 1024x768, 768x1024, 390x844 and at 200 %, screenshots to
look at."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from tests.web.club_support import PLAYERS, club_clock, open_session, organised, signed_in, timed_session
from tests.web.test_api_games import GAMES_TO_PLAY

pytestmark = pytest.mark.browser

OUT, OTHER = GAMES_TO_PLAY["bolivia"][1], GAMES_TO_PLAY["bolivia"][3]
SIZES = ((1024, 768), (768, 1024), (390, 844))
#: 200 % zoom on a 1,366x768 laptop: half the CSS pixels, each drawn twice.
ZOOMED = {"width": 683, "height": 384}


@pytest.fixture(scope="module")
def round_played(tmp_path_factory):
    """A server of its own: a two-hand session of eight played to the end, and a timed one still playing."""
    with organised(tmp_path_factory, "treys_organiser_pages") as (app, base_url, client):
        done = open_session(client, PLAYERS[:8], format={"kind": "hands", "hands": 2}).get_json()
        for table in done["tables"]:
            for _ in range(2):
                answer = client.post(f"/api/v1/games/{table['game_id']}/hands", json={"teams": [OUT, OTHER]},
                                     headers={"X-Table-Code": table["table_code"]})
                assert answer.status_code == 201, answer.get_json()
        # ends at 23:59 tomorrow: a run at any hour, or one that crosses midnight, never sees its end time pass
        tomorrow = club_clock(app).replace(hour=23, minute=59) + timedelta(days=1)
        playing = timed_session(app, client, PLAYERS[:4], tomorrow)
        today = club_clock(app).date()
        season = client.post("/records/seasons", data={"name": "This year", "starts_on": f"{today.year}-01-01",
                                                       "ends_on": f"{today.year}-12-31", "qualifying_percent": "0"})
        assert season.status_code == 302
        done["ladder"] = season.headers["Location"]
        yield base_url, done, playing


def page_in(browser, scheme: str, viewport=None, scale: int = 1):
    page = browser.new_context(viewport=viewport or {"width": 1024, "height": 768},
                               device_scale_factor=scale).new_page()
    page.emulate_media(color_scheme=scheme)
    return page


def sideways(page) -> int:
    """How far the page scrolls sideways, in CSS pixels (0: it fits)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def shots(page, output_dir, name: str, scheme: str) -> None:
    """The page at each size, full length, after checking it never scrolls sideways."""
    folder = output_dir / "organiser"
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert sideways(page) <= 0, f"{name} scrolls sideways at {width}x{height}"
        page.screenshot(path=str(folder / f"{name}_{scheme}_{width}x{height}.png"), full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_results_write_margins_one_way_in_readable_type_inside_the_page(browser, round_played, output_dir,
                                                                             scheme):
    base_url, done, _ = round_played
    page = signed_in(browser, base_url, scheme)
    page.goto(f"{base_url}/club/sessions/{done['id']}/results")
    margins = [cell for cell in page.locator(".results-table tbody td:nth-child(5)").all_inner_texts() if cell != "0"]
    assert margins and all(re.fullmatch(r"[+\u2212]\d{1,3}(,\d{3})*", m) for m in margins), margins
    assert any("," in m for m in margins)                       # thousands written as in the chart: +5,070
    drawn = page.locator(".day-chart svg text").evaluate_all("nodes => nodes.map(n => n.textContent)")
    assert all(m in drawn for m in margins)                     # the chart's figures written the same way
    said = page.locator("main").inner_text()
    assert len(page.locator("#day-words").inner_text()) < 160   # the ranking said once: by the table, not again
    assert "won, margin" not in said
    size = page.locator("#day-words").evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 20, f"the chart's caption is {size}px"
    page.set_viewport_size({"width": 1366, "height": 768})     # the page's margin as every organiser page's
    left = page.locator(".results-title").evaluate("el => el.getBoundingClientRect().left")
    page.goto(f"{base_url}/club")
    assert page.locator("h1").first.evaluate("el => el.getBoundingClientRect().left") == left, left
    page.goto(base_url + done["ladder"].removeprefix(base_url))   # the ladder and a player's page: margins one way
    ladder = [c for c in page.locator(".ladder-table tbody td:last-child").all_inner_texts() if c != "0"]
    assert ladder and all(re.fullmatch(r"[+\u2212]\d{1,3}(,\d{3})*", m) for m in ladder), ladder
    page.locator(".ladder-table tbody a").first.click()
    average = page.locator(".player-figures tr", has_text="Average margin").locator("td").inner_text()
    assert re.fullmatch(r"[+\u2212]?\d{1,3}(,\d{3})*", average) and "-" not in average, average
    page.goto(f"{base_url}/club/sessions/{done['id']}/results")
    shots(page, output_dir, "results", scheme)
    page.context.close()
    zoomed = signed_in(browser, base_url, scheme, ZOOMED, device_scale_factor=2)
    zoomed.goto(f"{base_url}/club/sessions/{done['id']}/results")
    assert sideways(zoomed) <= 0, "the results scroll sideways at 200 %"
    width = zoomed.locator(".results-table").evaluate("el => el.getBoundingClientRect().width")
    assert width <= ZOOMED["width"]
    zoomed.screenshot(path=str(output_dir / "organiser" / f"results_{scheme}_200pc.png"), full_page=True)
    zoomed.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_game_pages_score_sheet_is_whole_on_a_laptop(browser, round_played, output_dir, scheme):
    base_url, done, _ = round_played
    page = signed_in(browser, base_url, scheme, {"width": 1366, "height": 768})
    page.goto(f"{base_url}/games/{done['tables'][0]['game_id']}")
    (output_dir / "organiser").mkdir(parents=True, exist_ok=True)
    for width, height in ((1366, 768), (1280, 800), (1600, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        hidden = page.evaluate("Math.max(...[...document.querySelectorAll('.sheet-frame, .sheet-wrap')]"
                               ".map(el => el.scrollWidth - el.clientWidth))")
        assert hidden <= 0, f"{hidden}px of the score sheet is cut off at the right at {width}px"
        assert sideways(page) <= 0
        page.screenshot(path=str(output_dir / "organiser" / f"game_sheet_{scheme}_{width}x{height}.png"),
                        full_page=True)
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_finished_table_and_the_board_say_the_round_is_over(browser, round_played, output_dir, scheme):
    base_url, done, _ = round_played
    table = done["tables"][0]
    tablet = page_in(browser, scheme)
    tablet.goto(f"{base_url}/games/{table['game_id']}?code={table['table_code']}")
    tablet.wait_for_url(f"**/games/{table['game_id']}")
    expect(tablet.locator(".winner-banner")).to_contain_text("This table has finished.")
    main = tablet.locator("main").inner_text()
    for gone in ("Call the organiser", "Remove last hand", "End the game now", "finish the hand in play"):
        assert gone not in main
    expect(tablet.get_by_role("link", name="Print score sheet")).to_be_visible()
    shots(tablet, output_dir, "tablet_finished", scheme)
    tablet.context.close()

    board = signed_in(browser, base_url, scheme)
    board.goto(f"{base_url}/club/sessions/{done['id']}/board")
    expect(board.locator(".round-over")).to_contain_text("Round 1 is over: every table has finished.")
    assert board.locator(".session-clock").count() == 0 and board.locator("#time-called").is_hidden()
    shots(board, output_dir, "board_round_over", scheme)
    board.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_calling_the_organiser_and_calling_time_each_ask_once(browser, round_played, output_dir, scheme):
    base_url, _, playing = round_played
    table = playing["tables"][0]
    tablet = page_in(browser, scheme)
    tablet.goto(f"{base_url}/games/{table['game_id']}?code={table['table_code']}")
    tablet.wait_for_url(f"**/games/{table['game_id']}")
    assert tablet.get_by_role("link", name="End the game now").count() == 0        # the organiser's
    tablet.get_by_role("link", name="Call the organiser").click()
    expect(tablet.locator("h1")).to_have_text("Call the organiser?")
    shots(tablet, output_dir, "call_confirm", scheme)
    tablet.get_by_role("link", name="No, go back").click()
    tablet.wait_for_url(f"**/games/{table['game_id']}")
    expect(tablet.get_by_role("link", name="Call the organiser")).to_be_visible()    # nothing was called
    tablet.context.close()

    page = signed_in(browser, base_url, scheme)
    page.goto(f"{base_url}/club/sessions/{playing['id']}/call-time")
    buttons = page.locator("main").get_by_role("button").all_inner_texts()
    links = page.locator("main .form-actions a").all_inner_texts()
    assert buttons == ["Yes, call time"] and links == ["No, go back"]          # one way back, not two
    shots(page, output_dir, "call_time_confirm", scheme)
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_signed_in_organiser_corrects_a_table_without_its_code_and_the_record_names_them(
        browser, round_played, output_dir, scheme):
    """The organiser at the laptop opens a finished table's game, corrects a hand without typing the table's
    code, and the record of changes names the organiser, not 'another tablet'; at a table still playing the
    game page offers the organiser what a player's tablet does not: end, abandon, delete."""
    base_url, done, playing = round_played
    game_id, number = done["tables"][1]["game_id"], 1 if scheme == "light" else 2      # one hand each scheme
    page = signed_in(browser, base_url, scheme)
    page.goto(f"{base_url}/games/{game_id}")
    expect(page.locator("main")).to_contain_text("You are signed in as the organiser")
    page.get_by_role("link", name=f"Correct hand {number}").click()
    page.wait_for_url(f"**/games/{game_id}/hands/{number}/edit")
    assert "Enter the table code" not in page.locator("main").inner_text()
    page.locator("#team1-hand_points").fill("90")
    expect(page.locator("#preview-status")).to_contain_text("Ready to save")
    shots(page, output_dir, "organiser_correction", scheme)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(f"**/games/{game_id}")
    record = page.locator(".game-record")
    expect(record).to_contain_text("by the organiser Margaret")
    assert "another tablet" not in record.inner_text()
    shots(page, output_dir, "organiser_corrected", scheme)
    page.goto(f"{base_url}/games/{playing['tables'][0]['game_id']}")
    for name in ("End the game now", "Abandon the game", "Delete this game (started by mistake)"):
        expect(page.get_by_role("link", name=name)).to_be_visible()
    page.context.close()
