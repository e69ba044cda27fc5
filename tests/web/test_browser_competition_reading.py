"""Competitions read by an older player in Chromium: three competitions at once (a season ladder, best afternoons by
place points, a pairs championship) on a phone at 200 % zoom (half the CSS pixels, each drawn four times), a tablet
upright and a laptop, light and dark: nothing runs off the side (each row on lines of its own, every figure named,
when the columns do not fit), axe-core's AAA rules hold, the names list finds a player's row (and each pair a player
played in) and the printed table has no type under 13pt."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update
from weasyprint import HTML

import app.records.competitions as competition_views
from app.extensions import db
from app.store.game.models import Game
from app.render.pdf import ROOT
from tests.web.club_support import basic, organised
from tests.web.members_support import members_link
from tests.web.test_browser_contrast import axe_source, violations  # noqa: F401  (the fixture, and axe's findings)
from tests.web.test_browser_table import no_sideways_scroll
from tests.web.test_competitions_api import COMPETITIONS, played

pytestmark = pytest.mark.browser

SCHEMES = ("light", "dark")
VIEWS = {"195x422_zoom200": ({"width": 195, "height": 422}, 4), "768x1024": ({"width": 768, "height": 1024}, 1),
         "1024x768": ({"width": 1024, "height": 768}, 1)}
LONG = "Margaret-Rose Fitzwilliam"
#: Who played whom, the first pair winning: Ann's two partners make her two pairs.
GAMES = [(("Ann", "Bob"), ("Cy", LONG)), (("Ann", "Bob"), ("Cy", LONG)), (("Cy", LONG), ("Ann", "Bob")),
         (("Ann", "Cy"), ("Bob", LONG)), (("Ann", "Cy"), ("Bob", LONG))]


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A server with five games and three competitions over them; yields the base URL and the competitions' ids."""
    with organised(tmp_path_factory, "treys_competition_reading", WTF_CSRF_ENABLED=False) as (app, base_url, client):
        ids = [played(client, first, second)["id"] for first, second in GAMES]
        with app.app_context():     # the first two games on days of their own: Ann's best 2 days drop one
            for back, game_id in zip((3, 2), ids):
                game = db.session.get(Game, game_id)
                db.session.execute(update(Game).where(Game.id == game_id)
                                   .values(created_at=game.created_at - timedelta(days=back)))
            db.session.commit()
        client.post("/club/settings", data={"visibility": "public"})
        made = {}
        for name, data in {"ladder": {"qualification": {"percent": 30}},
                           "best": {"method": "place_points", "place_points": [3, 2, 1],
                                    "counting": {"kind": "best", "best": 2}},
                           "pairs": {"whom": "pairs", "qualification": {"games": 2}}}.items():
            answer = client.post(COMPETITIONS, json={"name": f"The {name} of the Spring Afternoons", **data},
                                 headers=basic())
            assert answer.status_code == 201, answer.get_json()
            made[name] = answer.get_json()["id"]
        yield app, base_url, client, made


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_competition_reads_at_200_percent_zoom_a_tablet_and_a_laptop(browser, club, output_dir, axe_source,
                                                                           scheme):
    app, base_url, _, made = club
    folder = output_dir / "competition_reading"
    folder.mkdir(parents=True, exist_ok=True)
    for view, (viewport, scale) in VIEWS.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=scale, color_scheme=scheme)
        page = context.new_page()
        for name, competition_id in made.items():
            page.goto(f"{base_url}/records/competitions/{competition_id}")
            page.locator("summary", has_text="Ann").first.click()
            assert "Counted" in page.locator("details[open]").inner_text()
            no_sideways_scroll(page)
            first = page.locator("table.competition-table tbody tr").first
            if view == "195x422_zoom200":   # the figures named under the name, the columns gone
                assert first.locator("td.col-figure").first.is_hidden()
                assert "Games" in first.locator(".entrant-figures").inner_text()
                assert first.locator("td.who").bounding_box()["width"] > 150
            else:
                assert first.locator(".entrant-figures").is_hidden() == (view == "1024x768")
            if view == "1024x768":
                assert violations(page, axe_source) == []
            page.screenshot(path=str(folder / f"{name}_{view}_{scheme}.png"), full_page=True)
        page.goto(f"{base_url}/records/competitions")
        no_sideways_scroll(page)
        page.goto(f"{base_url}/members/{members_link(app)}/ladder")     # every running competition, as members see it
        assert page.locator("table.competition-table").count() == 3
        no_sideways_scroll(page)
        if view == "195x422_zoom200":   # the members' own row layout leaves the name the whole width
            assert page.locator("table.competition-table td.who").first.bounding_box()["width"] > 150
        page.screenshot(path=str(folder / f"members_ladder_{view}_{scheme}.png"), full_page=True)
        context.close()


def test_the_names_list_finds_a_player_and_each_pair_they_played_in(browser, club):
    _, base_url, _, made = club
    context = browser.new_context(viewport={"width": 195, "height": 422}, device_scale_factor=4)
    page = context.new_page()
    page.goto(f"{base_url}/records/competitions/{made['pairs']}")
    page.get_by_text("Find a name (4 players)").click()
    ann = page.locator(".competition-names > ul > li", has_text="Ann").first
    # Ann & Bob won 2 of 3, Ann & Cy 2 of 2 (two games each qualify): Ann & Bob 2nd on margins, Ann & Cy 1st
    assert [link.inner_text() for link in ann.locator("a").all()] == ["with Cy, 1st", "with Bob, 2nd"]
    ann.get_by_role("link", name="with Bob, 2nd").click()
    target = page.locator("tr:target")
    assert target.locator(".entrant").inner_text() == "Ann & Bob" and target.is_visible()
    page.goto(f"{base_url}/records/competitions/{made['ladder']}")
    page.get_by_text("Find a name (4 players)").click()
    names = page.locator(".competition-names a")
    assert [link.inner_text() for link in names.all()] == ["Ann", "Bob", "Cy", LONG]
    names.filter(has_text=LONG).click()
    assert page.locator("tr:target .entrant").inner_text() == LONG
    no_sideways_scroll(page)
    context.close()


def test_the_printed_table_has_no_small_type(club, monkeypatch):
    app, _, client, made = club
    printed = []
    monkeypatch.setattr(competition_views, "render_competition_pdf", lambda html: printed.append(html) or b"%PDF")
    for competition_id in made.values():
        assert client.get(f"/records/competitions/{competition_id}/table.pdf").status_code == 200
    for html in printed:
        document = HTML(string=html, base_url=str(ROOT)).render()
        sizes = {}
        for page in document.pages:
            for box in walk(page._page_box):
                if getattr(box, "text", "").strip():
                    sizes[box.text.strip()] = box.style["font_size"]
        assert "Counted:" in sizes and min(sizes.values()) >= 13 * 4 / 3, min(sizes.items(), key=lambda s: s[1])
    assert "Dropped:" in printed[1]      # the best 2 of Ann's three days: a dropped line printed too


def walk(box):
    """Every box under `box`."""
    yield box
    for child in getattr(box, "children", ()):
        yield from walk(child)
