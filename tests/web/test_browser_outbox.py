"""A tablet told "not now" (503, 502, 504) keeps the hand in its outbox, says so, and sends it by itself when the
server answers again, with its client token: the hand is recorded once (real Chromium)."""
from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from tests.web.test_browser_hand_form import hands_recorded, new_game
from tests.web.test_browser_table import plus, shoot, wait_for_preview

pytestmark = pytest.mark.browser

#: The answers a proxy or the server gives before the hand goes in: the Save itself, then two tries of the
#: outbox (on the game page's load, then on its own timer).
NOT_NOW = [503, 502, 504]


def fill_a_hand(page) -> None:
    """North-South go out with a red samba and a red canasta and 485 on the table."""
    page.locator("label.pill", has_text="North-South").click()
    plus(page, 0, "set_red_samba").click()
    plus(page, 0, "set_red_canasta").click()
    page.locator("#team0-table_points").fill("485")
    wait_for_preview(page, "ready")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_hand_answered_not_now_is_kept_said_so_and_sent_by_itself_once(live_server, browser, output_dir, scheme):
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    tokens: list[str] = []
    answers = list(NOT_NOW)

    def server_says(route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        tokens.append(parse_qs(route.request.post_data)["client_token"][0])
        if answers:
            status = answers.pop(0)
            route.fulfill(status=status, headers={"Retry-After": "5"}, content_type="text/html",
                          body=f"<h1>{status}</h1>")
        else:
            route.continue_()

    try:
        game_url = new_game(page, live_server)
        page.route("**/hands/new", server_says)
        page.goto(game_url + "/hands/new")
        fill_a_hand(page)
        page.get_by_role("button", name="Save hand 1").click()
        banner = page.locator("#saved-on-tablet")
        expect(banner).to_contain_text("Hand 1 is saved on this tablet: the server cannot record it just now. "
                                       "The tablet will send it by itself as soon as the server answers again.")
        assert "/hands/new" in page.url                       # no error page: the form stays as it was
        shoot(page, output_dir, f"outbox_not_now_{scheme}")
        page.goto(game_url)             # the game page tries at once, then every few seconds, until it goes in
        expect(page.locator(".total-card.team-0 .total-number")).to_contain_text("2,685", timeout=45_000)
        expect(page.locator("#saved-on-tablet")).to_be_hidden()
        # every "not now" was followed by another try, each with the one client token; the form page being left
        # may send once more while the game page loads (two documents, one kept hand): the token keeps it one hand
        assert answers == [] and len(tokens) >= len(NOT_NOW) + 1 and len(set(tokens)) == 1
        assert len(tokens) <= len(NOT_NOW) + 2, tokens
        assert page.evaluate("localStorage.getItem('treys:outbox')") == "[]"
        page.unroute("**/hands/new")
        assert hands_recorded(page, game_url) == 1
    finally:
        context.close()
