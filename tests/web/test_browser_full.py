"""The app in Debian's full Chromium as well as in its headless shell, which the other browser tests drive: a
typical hand entered in eight taps, and the hand form laid out alike in both."""
import pytest

from tests.conftest import CHROMIUM, HEADLESS_SHELL, chromium_from
from tests.web.test_browser_hand_form import Counter, new_game, page_height, settled, typical_hand

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("full_chromium")]

LAPTOP = {"width": 1024, "height": 768}


@pytest.fixture(scope="module")
def full_chromium(playwright_driver):
    """Debian's chromium itself (not its headless shell), launched as the suite launches a browser."""
    with chromium_from(playwright_driver, (CHROMIUM,)) as chromium:
        yield chromium


def layout(page) -> dict:
    """Where the settled hand form's parts lie: the page's height and the boxes of Save and the first team's card."""
    settled(page)
    save = page.get_by_role("button", name="Save hand 1").bounding_box()
    card = page.locator("section.team-card").first.bounding_box()
    return {"height": page_height(page), "save": save, "first team": card}


def test_a_typical_hand_in_eight_taps_in_the_full_browser(full_chromium, live_server):
    context = full_chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        game_url = new_game(page, live_server)
        count = Counter(page)
        typical_hand(page, game_url, count)
        count.tap(page.get_by_role("button", name="Save hand 1"))
        page.wait_for_url(game_url)
        assert "Hand 1 saved." in page.content()
        assert count.taps <= 8
    finally:
        context.close()


def test_the_hand_form_lies_alike_in_the_full_browser_and_its_headless_shell(full_chromium, browser, live_server):
    if not HEADLESS_SHELL.exists():         # the suite's browser is then the full chromium: nothing to compare
        pytest.skip(f"{HEADLESS_SHELL} is missing (run 'make system-deps')")
    found = {}
    for name, chromium in (("full", full_chromium), ("headless shell", browser)):
        context = chromium.new_context(viewport=LAPTOP)
        page = context.new_page()
        try:
            game_url = new_game(page, live_server)
            page.goto(game_url + "/hands/new")
            found[name] = layout(page)
        finally:
            context.close()
    assert found["full"] == found["headless shell"]
