"""The session page in Chromium: the ticks on screen are what Draw uses (no Save needed, nothing unticked), and a
new round asks first and says which tables still play."""
import re

import pytest
from playwright.sync_api import expect

from tests.web.test_browser_club import enter_hand, log_in, tables_on

pytestmark = pytest.mark.browser


def test_draw_uses_the_ticks_on_screen_and_a_new_round_asks_first(live_server, browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        log_in(page, live_server)
        page.goto(f"{live_server}/club/sessions/new")
        page.locator("input[name=ruleset][value=bolivia]").check()
        page.get_by_role("button", name="Open the session").click()
        page.wait_for_url(re.compile(r".*/club/sessions/\d+$"))
        names = ["Una", "Vic", "Wal", "Xena", "Yves", "Zac", "Abe", "Bea", "Cal"]
        for name in names:
            page.locator("#name").fill(name)
            page.get_by_role("button", name="Add", exact=True).click()
            expect(page.locator(f"label.tick:has-text('{name}') input")).to_be_checked()
        page.locator("label.tick:has-text('Cal') input").uncheck()          # Cal went home: unticked, not saved
        page.get_by_role("button", name="Draw the tables").first.click()
        expect(page.locator(".draw-table")).to_have_count(2)
        seated = page.locator(".draw-table li").all_inner_texts()
        assert len(seated) == 8 and not any(s.startswith("Cal") for s in seated)
        assert page.locator(".sitting-out").count() == 0

        (label, game_id, code), _ = tables_on(page)
        tablet = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        tablet.goto(f"{live_server}/games/{game_id}?code={code}")
        enter_hand(tablet, game_id, 1, (200, 100))                       # Table 1 plays on; Table 2 has no hand
        tablet.context.close()
        page.get_by_role("button", name="Redraw (new partners where possible)").click()
        confirm = page.locator(".confirm")
        expect(confirm).to_contain_text(f"{label} is still playing")
        expect(page.get_by_role("button", name=re.compile("Yes, draw round"))).to_have_count(0)   # never dropped
    finally:
        context.close()
