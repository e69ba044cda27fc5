"""Competitions in a real Chromium: the organiser starts one from a ready shape, previews it on the club's games,
starts it and opens a row's counted and dropped afternoons; the pages are pictured at 1024x768, 768x1024 and
390x844 in both colour schemes (tests/output/competitions/) with nothing running off the side, and the guide's
pictures are taken (HELP_PICTURES: tests/output/help, or static/help through make help-pictures)."""
from __future__ import annotations

import pytest

from tests.conftest import HELP_PICTURES, OUTPUT_DIR, served
from tests.web.club_support import organiser, signed_in
from tests.web.test_competitions_api import club_games
from tests.web.test_help_pages import small_png

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("competitions_browser")]

SCHEMES = ("light", "dark")
SIZES = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024},
         "390x844": {"width": 390, "height": 844}}
PICTURES = OUTPUT_DIR / "competitions"


def test_the_organiser_starts_a_competition_and_the_pages_are_pictured_for_the_guide(browser, tmp_path_factory):
    with served(tmp_path_factory, "treys_competitions_browser", WTF_CSRF_ENABLED=True) as (app, base_url):
        organiser(app)
        club_games(app.test_client())
        page = signed_in(browser, base_url, "light")
        page.goto(base_url + "/records/competitions")
        page.get_by_role("link", name="Best 8 of the quarter").click()
        page.get_by_label("Name", exact=True).fill("Spring best 8")
        page.get_by_label("Afternoons at least").fill("1")
        page.get_by_role("button", name="Preview from the club's games so far").click()
        assert "Best 8 of the afternoons count" in page.locator("main").inner_text()
        HELP_PICTURES.mkdir(parents=True, exist_ok=True)
        page.locator("h2", has_text="Preview").scroll_into_view_if_needed()
        page.screenshot(path=str(HELP_PICTURES / "competition-preview.png"))
        small_png(HELP_PICTURES / "competition-preview.png")
        page.get_by_role("button", name="Start the competition").click()
        page.wait_for_url("**/records/competitions/*")
        address = page.url.replace(base_url, "")
        page.locator("summary", has_text="Ann").click()
        assert "Counted" in page.locator("details[open]").inner_text()
        page.screenshot(path=str(HELP_PICTURES / "competition-table.png"))
        small_png(HELP_PICTURES / "competition-table.png")
        page.context.close()
        PICTURES.mkdir(parents=True, exist_ok=True)
        shots = {"list": "/records/competitions", "form": "/records/competitions/new?shape=handicap_cup",
                 "table": address}
        for scheme in SCHEMES:
            for size, viewport in SIZES.items():
                page = signed_in(browser, base_url, scheme, viewport=viewport)
                for name, path in shots.items():
                    page.goto(base_url + path)
                    if name == "table":
                        page.locator("summary").first.click()
                    page.screenshot(path=str(PICTURES / f"{name}-{size}-{scheme}.png"), full_page=True)
                    width = page.evaluate("document.documentElement.scrollWidth")
                    assert width <= viewport["width"], (name, size, scheme, width)   # nothing runs off the side
                page.context.close()
