"""The members' page in Chromium: on a phone, at 200 % zoom and on a laptop, light and dark, with no account;
axe-core's AAA rules on each page; and the owner's settings page, pictured for the organiser's guide."""
from datetime import date

import pytest

from app.extensions import db
from app.store.club.models import Season
from tests.conftest import HELP_PICTURES
from tests.web.club_support import organised, signed_in
from tests.web.layout_support import controls_and_words
from tests.web.members_support import give_addresses, members_link, play_afternoon
from tests.web.test_browser_contrast import axe_source, violations  # noqa: F401  (the fixture, and axe's findings)
from tests.web.test_browser_table import no_sideways_scroll

pytestmark = pytest.mark.browser

SCHEMES = ("light", "dark")
#: A phone, a laptop, and the phone at 200 % zoom (half the CSS pixels, each drawn twice as large).
VIEWS = {"390x844": ({"width": 390, "height": 844}, 2), "1024x768": ({"width": 1024, "height": 768}, 1),
         "390x844_zoom200": ({"width": 195, "height": 422}, 4)}
HELP_PICTURE = HELP_PICTURES / "members-settings.png"


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A server holding two afternoons, a season, members' addresses and a club shared by its link."""
    with organised(tmp_path_factory, "treys_members_browser", WTF_CSRF_ENABLED=False) as (app, base_url, client):
        first = play_afternoon(client)
        play_afternoon(client)
        with app.app_context():
            db.session.add(Season(name=str(date.today().year), starts_on=date(date.today().year, 1, 1),
                                  ends_on=date(date.today().year, 12, 31)))
            db.session.commit()
        give_addresses(app, {"Ann": "ann@example.org"})
        client.post("/club/settings", data={"visibility": "link", "email_when_done": "1"})
        link = members_link(app)
        with app.app_context():
            from sqlalchemy import select
            from app.store.club.models import Member
            ann = db.session.scalar(select(Member.id).where(Member.name == "Ann"))
        yield base_url, {"home": f"/members/{link}", "afternoon": f"/members/{link}/afternoons/{first['id']}",
                         "ladder": f"/members/{link}/ladder", "player": f"/members/{link}/players/{ann}"}


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", ("home", "afternoon", "ladder", "player"))
def test_the_members_pages_read_on_a_phone_at_200_percent_in_both_schemes(browser, club, output_dir, axe_source,
                                                                           scheme, name):
    base_url, paths = club
    folder = output_dir / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    for view, (viewport, scale) in VIEWS.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=scale, color_scheme=scheme)
        page = context.new_page()
        page.goto(base_url + paths[name])
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        if name == "afternoon":
            page.locator("details.members-sheet summary").first.click()
        no_sideways_scroll(page)
        assert page.locator("form:not([method=get])").count() == 0   # nothing on a members' page writes (its
        # forms choose which games a player's page shows, by GET)
        if view == "1024x768":
            assert violations(page, axe_source) == []
        page.screenshot(path=str(folder / f"members_{name}_{view}_{scheme}.png"), full_page=True)
        context.close()


def test_the_owners_settings_page_pictured_for_the_guide(browser, club, output_dir, axe_source):
    base_url, _ = club
    for scheme in SCHEMES:
        page = signed_in(browser, base_url, scheme, color_scheme=scheme)
        page.get_by_role("link", name="Settings for the members: who reads the results, emails").click()
        page.wait_for_url("**/club/settings")
        assert page.get_by_label("Anyone with the club's members' link", exact=False).is_checked()
        assert violations(page, axe_source) == []
        page.screenshot(path=str(output_dir / "screens" / f"members_settings_1024x768_{scheme}.png"), full_page=True)
        if scheme == "light":
            HELP_PICTURE.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(HELP_PICTURE), full_page=True)
        page.goto(base_url + "/club/members/emails")
        assert violations(page, axe_source) == []
        page.screenshot(path=str(output_dir / "screens" / f"members_addresses_1024x768_{scheme}.png"), full_page=True)
        page.context.close()


#: A laptop, a tablet upright and a phone.
SETTINGS_VIEWS = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024},
                  "390x844": {"width": 390, "height": 844}}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_each_choice_on_the_settings_page_stands_beside_its_words(browser, club, output_dir, scheme):
    """Each radio button and check box stands beside its words (level with them, to their left; never on a line
    above them) and is big enough to tap (the box 28px, the whole label a touch target of at least 56px), on a
    laptop, a tablet and a phone."""
    base_url, _ = club
    page = signed_in(browser, base_url, scheme, SETTINGS_VIEWS["1024x768"], color_scheme=scheme)
    for view, viewport in SETTINGS_VIEWS.items():
        page.set_viewport_size(viewport)
        page.goto(base_url + "/club/settings")
        page.screenshot(path=str(output_dir / "screens" / f"members_settings_choices_{view}_{scheme}.png"),
                        full_page=True)
        found = controls_and_words(page.locator("form.club-form"))
        assert len(found) == 5                                  # three radio buttons, two check boxes
        for choice in found:
            control, text, label = choice["control"], choice["text"], choice["label"]
            middle = control["y"] + control["height"] / 2
            assert text["y"] <= middle <= text["y"] + text["height"], f"{view}: {choice}"   # level, not above
            assert control["x"] + control["width"] <= text["x"], f"{view}: {choice}"        # its words to its right
            assert min(control["width"], control["height"]) >= 28, f"{view}: {choice}"
            assert label["height"] >= 56 and label["width"] >= 200, f"{view}: {choice}"
        no_sideways_scroll(page)
    page.context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_members_link_on_the_settings_page_opens_beyond_the_laptop(browser, club, output_dir, scheme):
    base_url, paths = club                      # the organiser's browser is at http://127.0.0.1:<port>
    page = signed_in(browser, base_url, scheme, color_scheme=scheme)
    page.goto(base_url + "/club/settings")
    reach = page.locator(".members-reach")
    if page.locator(".members-link").count():   # this machine on a network: its address there, as the cards have it
        link = page.locator(".members-link a").inner_text()
        assert link.endswith(paths["home"]) and not link.startswith(("http://127.", "http://localhost"))
        assert "opens only on that wifi" in reach.inner_text() and "PUBLIC_URL" in reach.inner_text()
    else:                                       # on no network: no address to give, and it says why
        assert "on no network" in reach.inner_text()
    assert "127.0.0.1" not in page.locator("main").inner_text()
    no_sideways_scroll(page)
    page.screenshot(path=str(output_dir / "screens" / f"members_settings_link_1024x768_{scheme}.png"), full_page=True)
    page.context.close()


#: The narrowest phone a member may read on, at 100 % and at 200 % zoom (half the CSS pixels, each drawn twice).
NARROW = {"360": ({"width": 360, "height": 740}, 1), "360_zoom200": ({"width": 180, "height": 370}, 2)}

#: Every box on the page that would scroll sideways, and the smallest figure in a table against the page's type.
FITS = """() => {
  const wide = [...document.querySelectorAll('main *')].filter(n => n.scrollWidth > n.clientWidth + 1
                 && n.clientWidth > 1 && getComputedStyle(n).overflowX !== 'visible').map(n => n.className || n.tagName);
  const body = parseFloat(getComputedStyle(document.querySelector('main')).fontSize);
  const figures = [...document.querySelectorAll('main td')].map(n => parseFloat(getComputedStyle(n).fontSize));
  return {wide, body, smallest: figures.length ? Math.min(...figures) : body,
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", ("home", "afternoon", "ladder", "player"))
def test_every_members_page_fits_a_360px_phone_with_its_figures_at_body_size(browser, club, output_dir, scheme, name):
    base_url, paths = club
    for view, (viewport, scale) in NARROW.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=scale, color_scheme=scheme)
        page = context.new_page()
        page.goto(base_url + paths[name])
        found = page.evaluate(FITS)
        page.screenshot(path=str(output_dir / "screens" / f"members_{name}_{view}_{scheme}.png"), full_page=True)
        context.close()
        assert found["page"] <= 0 and not found["wide"], (view, found)        # nothing hides sideways
        assert found["smallest"] >= found["body"] - 0.5, (view, found)        # figures as large as the words
