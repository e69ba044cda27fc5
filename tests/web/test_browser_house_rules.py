"""House rules in a real Chromium: the organiser makes them on the form (a figure chosen, another typed, red 3s by
'each' and 'all of them', the family meld steps), sees the typical hand scored both ways, saves; the pages are
pictured at 1024x768, 768x1024 and 390x844 in both colour schemes (tests/output/house/), and the guide's picture is taken
(HELP_PICTURES: tests/output/help, or static/help through make help-pictures)."""
from __future__ import annotations

import pytest

from tests.conftest import HELP_PICTURES, OUTPUT_DIR, served
from tests.web.club_support import organiser, signed_in
from tests.web.test_help_pages import small_png

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("house_rules_browser")]

SCHEMES = ("light", "dark")
SIZES = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024}, "390x844": {"width": 390, "height": 844}}
PICTURES = OUTPUT_DIR / "house"


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A server of its own with the organiser's account: (app, base URL)."""
    with served(tmp_path_factory, "treys_house_rules", WTF_CSRF_ENABLED=True) as (app, base_url):
        organiser(app)
        yield app, base_url


def fill_the_form(page) -> None:
    """Bolivia to 10,000, going out 300, another figure for a black 3 in hand and for a black canasta, red 3s 100
    each and 1,000 for all six, the family meld steps; then the hand scored both ways."""
    page.get_by_label("Name of your house rules").fill("Our Bolivia to 10,000")
    page.locator("fieldset.house-rule", has_text="The winning score").get_by_text("10,000", exact=True).click()
    page.locator("fieldset.house-rule", has_text="The going-out bonus").get_by_text("+300", exact=True).click()
    black = page.locator("fieldset.house-rule", has_text="A black 3 left in a hand")
    black.locator("label.pill", has_text="Another figure").click()
    black.get_by_label("Another figure, typed here:").fill("-250")
    # Typed without pressing "Another figure" first: typing chooses it (static/js/app.js).
    page.locator("fieldset.house-set", has_text="Black Canasta").get_by_label("Another figure, typed here:").fill("350")
    page.get_by_label("So much each, and a figure for all 6 of them").check()
    page.locator("#red_each").fill("100")
    page.locator("#red_all").fill("1000")
    page.get_by_label("A family variant", exact=False).check()
    page.get_by_role("button", name="Show the hand with these rules").click()
    page.wait_for_selector(".house-preview")


def test_the_organiser_makes_house_rules_in_the_browser_and_the_pages_are_pictured(browser, club):
    app, base_url = club
    PICTURES.mkdir(parents=True, exist_ok=True)
    page = signed_in(browser, base_url, "light")
    page.goto(base_url + "/club/house-rules/new?base=bolivia")
    fill_the_form(page)
    preview = page.locator(".house-preview").inner_text()
    # Us: 2,000 sets + 200 red 3s + 300 going out + 400 table; Them: 150 - 85 - 250 for the black 3.
    assert "+2,800\t+2,900" in preview and "\u221235\t\u2212185" in preview
    HELP_PICTURES.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, document.querySelector('h1').getBoundingClientRect().top + scrollY - 10)")
    page.screenshot(path=str(HELP_PICTURES / "house-rules-form.png"))
    small_png(HELP_PICTURES / "house-rules-form.png")
    page.get_by_role("button", name="Save the house rules").click()
    page.wait_for_url("**/rules/house/*")
    address = page.url
    assert "House rules: Our Bolivia to 10,000" in page.locator("h1").inner_text()
    rows = page.locator("table.house-diff tbody tr").all_inner_texts()
    assert "The winning score\t15,000\t10,000" in rows and "A black 3 left in a hand\t\u2212100 each\t\u2212250 each" in rows
    assert "The Black Canasta bonus\t+300\t+350" in rows
    page.context.close()
    shots = {"form": "/club/house-rules/new?base=bolivia_plus", "list": "/club/house-rules",
             "page": address.replace(base_url, ""), "rules": "/rules"}
    for scheme in SCHEMES:
        for size, viewport in SIZES.items():
            page = signed_in(browser, base_url, scheme, viewport=viewport)
            for name, path in shots.items():
                page.goto(base_url + path)
                page.screenshot(path=str(PICTURES / f"{name}-{size}-{scheme}.png"), full_page=True)
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= viewport["width"], (name, size, width)      # nothing runs off the side
            page.context.close()
    assert all((PICTURES / f"{name}-{size}-{scheme}.png").stat().st_size > 10_000
               for name in shots for size in SIZES for scheme in SCHEMES)
    tablet = browser.new_context(viewport=SIZES["390x844"]).new_page()
    tablet.goto(base_url + "/games/new")
    tablet.get_by_text("House rules: Our Bolivia to 10,000").click()
    tablet.screenshot(path=str(PICTURES / "new-game-390x844-light.png"), full_page=True)
    tablet.get_by_role("button", name="Start the game").click()
    tablet.wait_for_url("**/games/*")
    facts = tablet.locator(".game-facts").inner_text()
    assert "House rules: Our Bolivia to 10,000" in facts and "play to 10,000" in facts
    tablet.screenshot(path=str(PICTURES / "game-390x844-light.png"))
    tablet.get_by_role("link", name="House rules: Our Bolivia to 10,000").click()
    tablet.wait_for_url("**/rules/house/*")
    assert "The winning score" in tablet.locator("table.house-diff").inner_text()
    tablet.context.close()
