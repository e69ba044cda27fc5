"""A player's own record in Chromium: the records page and the members' page on a phone (also at 200 % zoom), a
tablet upright and a laptop, light and dark, with axe-core's AAA rules; and choosing, sorting and the head to head
with JavaScript off, by the plain form and links alone."""
from __future__ import annotations

import re
from datetime import datetime

import pytest
from sqlalchemy import select, update

from app.extensions import db
from app.store.club.models import Member
from app.store.game.models import Game
from tests.web.club_support import organised
from tests.web.members_support import members_link
from tests.web.test_browser_contrast import axe_source, violations  # noqa: F401  (the fixture, and axe's findings)
from tests.web.test_browser_table import no_sideways_scroll
from tests.web.test_records_ladder import play_to_the_end

pytestmark = pytest.mark.browser

SCHEMES = ("light", "dark")
#: A phone, the phone at 200 % zoom (half the CSS pixels, each drawn twice as large), a tablet upright, a laptop.
VIEWS = {"390x844": ({"width": 390, "height": 844}, 2), "390x844_zoom200": ({"width": 195, "height": 422}, 4),
         "768x1024": ({"width": 768, "height": 1024}, 1), "1024x768": ({"width": 1024, "height": 768}, 1)}
#: Who played whom, the first team winning each game.
GAMES = [(["Ann", "Bob"], ["Cy", "Di"]), (["Cy", "Di"], ["Ann", "Bob"]), (["Ann", "Eve"], ["Cy", "Di"]),
         (["Cy", "Ann"], ["Bob", "Di"]), (["Ann", "Di"], ["Eve", "Bob"]), (["Margaret-Rose Fitzwilliam", "Cy"],
                                                                             ["Ann", "Eve"])]


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A server with six games, the first two a year earlier, the club's records public and shared by link."""
    with organised(tmp_path_factory, "treys_own_record_browser", WTF_CSRF_ENABLED=False) as (app, base_url, client):
        for winners, losers in GAMES:
            play_to_the_end(client, winners, losers)
        client.post("/club/settings", data={"visibility": "public"})
        with app.app_context():
            for name in ("Ann", "Bob", "Cy", "Di", "Eve", "Margaret-Rose Fitzwilliam"):
                db.session.add(Member(name=name))
            first = list(db.session.scalars(select(Game.id).order_by(Game.created_at)))[:2]
            db.session.execute(update(Game).where(Game.id.in_(first)).values(created_at=datetime(2025, 3, 4, 14)))
            db.session.commit()
            ids = {m.name: m.id for m in db.session.scalars(select(Member))}
        yield base_url, members_link(app), ids


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("where", ("records", "members"))
def test_the_record_reads_at_every_size_and_at_200_percent_in_both_schemes(browser, club, output_dir, axe_source,
                                                                           scheme, where):
    base_url, link, ids = club
    path = (f"/records/players/{ids['Ann']}" if where == "records" else f"/members/{link}/players/{ids['Ann']}")
    folder = output_dir / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    for view, (viewport, scale) in VIEWS.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=scale, color_scheme=scheme)
        page = context.new_page()
        page.goto(f"{base_url}{path}?against={ids['Cy']}")
        assert page.get_by_role("heading", name="Every game").is_visible()
        assert page.locator("tr.is-won").first.is_visible() and page.locator("tr.is-lost").first.is_visible()
        no_sideways_scroll(page)
        scale = page.locator(".form-chart-scale")
        if view.startswith("390x844"):   # the chart's figures said in the page's type, its drawing taller
            assert scale.is_visible() and "The chart's top is" in scale.inner_text()
            assert page.locator(".form-chart svg").bounding_box()["height"] >= 150
        else:
            assert scale.is_hidden() and page.locator(".form-chart .chart-label").first.is_visible()
        if view == "1024x768":
            assert violations(page, axe_source) == []
        page.screenshot(path=str(folder / f"own_record_{where}_{view}_{scheme}.png"), full_page=True)
        context.close()


def test_choosing_sorting_and_the_head_to_head_work_with_javascript_off(browser, club):
    base_url, _, ids = club
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base_url}/records/players/{ids['Ann']}")
    games = page.locator("table.own-games").first.locator("tbody tr")
    assert games.count() == 6
    page.get_by_label("From", exact=True).fill("2026-01-01")
    page.get_by_role("button", name="Show these games").click()
    page.wait_for_url(re.compile(r"from=2026-01-01"))
    assert games.count() == 4
    page.get_by_role("link", name="Result (wins first)").click()
    page.wait_for_url(re.compile(r"sort=result"))
    assert "from=2026-01-01" in page.url and games.count() == 4
    assert games.first.get_attribute("class") == "is-won" and games.last.get_attribute("class") == "is-lost"
    page.get_by_label("Ann and").select_option(label="Cy")
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_url(re.compile(r"against="))
    figures = page.locator("table.own-h2h")
    assert "sort=result" in page.url and "from=2026-01-01" in page.url
    # this year: Ann beat Cy once (Ann and Eve v Cy and Di), lost to Cy once (Margaret-Rose and Cy v Ann and Eve);
    # beside Cy once, and won
    cells = [cell.inner_text() for cell in figures.locator("td").all()]
    assert cells == ["2", "1", "1", "1", "1"]
    page.get_by_role("link", name="Show every game").click()
    page.wait_for_url(re.compile(r"against="))
    assert games.count() == 6 and "from=" not in page.url
    context.close()
