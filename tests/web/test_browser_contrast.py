"""axe-core's WCAG A, AA and AAA rules (7:1 contrast) on every page of a club afternoon in Chromium, in the
light and the dark scheme; and the colour scheme a player chooses, kept on that browser."""
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import served
from tests.web.afternoon_support import club_afternoon
from tests.web.club_support import signed_in
from tests.web.test_browser_hand_form import settled

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_browser_contrast")]  # its module's fixture made once

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SCHEMES = ("light", "dark")
PAGES = ("home", "new game", "game", "won game", "hand form", "correct hand", "rules index", "rules page", "set checker",
         "club index", "new session", "session", "board", "results", "records", "players", "player", "player with form", "ladder", "ladder with form")
#: every rule of the three levels run; only the violations' nodes are given selectors and sent back (axe's own advice
#: on speed, resultTypes): the violations it finds are the same, the passes were never read
AXE_RUN = "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag2aaa']}, resultTypes: ['violations']})"


@pytest.fixture(scope="module")
def axe_source():
    if not AXE.exists():
        message = "run 'npm ci' (make test does) for axe-core"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text()


@pytest.fixture(scope="module")
def afternoon(tmp_path_factory):
    """A server of its own holding a club afternoon: (base URL, {page name: path} with the table code)."""
    with served(tmp_path_factory, "treys_contrast", WTF_CSRF_ENABLED=True) as (app, base_url):
        paths = club_afternoon(app)
        yield base_url, paths


@pytest.fixture(scope="module")
def organiser_pages(browser, afternoon):
    """One browser page per scheme, signed in as the organiser (who opens the hand form without the code)."""
    base_url, paths = afternoon
    pages = {}
    for scheme in SCHEMES:
        page = pages[scheme] = signed_in(browser, base_url, scheme)
        page.goto(base_url + paths["hand form"])      # the signed-in organiser needs no table code
        page.wait_for_selector("form.hand-form")
    yield pages
    for page in pages.values():
        page.context.close()


def violations(page, source):
    """axe-core's findings on the page, once it has settled (evaluated by the test, never served by the app)."""
    settled(page)
    page.evaluate(source + "\n;0")
    result = page.evaluate(AXE_RUN)
    return [(v["id"], [(n["target"], n["failureSummary"].splitlines()[-1].strip()) for n in v["nodes"][:4]])
            for v in result["violations"]]


def background(page, selector):
    return page.locator(selector).first.evaluate("el => getComputedStyle(el).backgroundColor")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", PAGES)
def test_no_aaa_violation_on_a_club_page(organiser_pages, afternoon, axe_source, scheme, name):
    base_url, paths = afternoon
    page = organiser_pages[scheme]
    page.goto(base_url + paths[name])
    assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
    assert violations(page, axe_source) == []


def test_the_hand_form_with_a_choice_and_a_refusal_in_both_schemes(organiser_pages, afternoon, axe_source):
    base_url, paths = afternoon
    for scheme, page in organiser_pages.items():
        page.goto(base_url + paths["hand form"])
        page.locator("label.pill", has_text="East-West").click()
        expect(page.locator("label.pill", has_text="East-West")).to_have_class(re.compile(r"\bis-checked\b"))
        page.get_by_role("button", name="Save hand 2").click()
        page.wait_for_selector("form[data-refused=yes]")
        assert violations(page, axe_source) == [], scheme


@pytest.mark.parametrize("scheme", SCHEMES)
def test_no_aaa_violation_on_the_setup_login_and_table_code_pages(browser, tmp_path_factory, afternoon, axe_source, scheme):
    page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    page.emulate_media(color_scheme=scheme)
    try:
        with served(tmp_path_factory, "treys_setup", WTF_CSRF_ENABLED=True) as (_, fresh_url):
            page.goto(fresh_url + "/setup")                   # only while the club has no organiser yet
            assert page.get_by_label("Your name").is_visible()
            found = {"setup": violations(page, axe_source)}
        page.goto(afternoon[0] + "/login")
        found["login"] = violations(page, axe_source)
        page.goto(afternoon[0] + afternoon[1]["hand form"])      # a tablet without the table code
        assert page.locator("#code").is_visible()
        found["table code"] = violations(page, axe_source)
    finally:
        page.context.close()
    assert found == {"setup": [], "login": [], "table code": []}


def test_the_board_follows_a_dark_device(organiser_pages, afternoon):
    base_url, paths = afternoon
    page = organiser_pages["dark"]
    page.goto(base_url + paths["board"])
    assert page.locator(".board-table").count() == 8
    assert background(page, ".board-table:not(.is-over)") == "rgb(29, 32, 38)"     # --surface, dark
    assert page.locator(".board-table h2").first.evaluate("el => getComputedStyle(el).color") == "rgb(242, 242, 242)"


def test_the_chosen_scheme_is_kept_on_this_browser(browser, afternoon):
    base_url, paths = afternoon
    context = browser.new_context(color_scheme="dark", viewport={"width": 1024, "height": 768})
    # when data-scheme is set, has the body been parsed yet? (it must not: no flash of the other scheme)
    context.add_init_script("""new MutationObserver(() => {
        if (document.documentElement && document.documentElement.dataset.scheme && window.schemeSetAfterBody === undefined)
            window.schemeSetAfterBody = Boolean(document.body);
    }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-scheme"]});""")
    page = context.new_page()
    try:
        page.goto(base_url + paths["player"])
        assert background(page, "body") == "rgb(18, 20, 23)"                        # the device's dark
        page.get_by_role("button", name="Light").click()
        assert page.get_by_role("button", name="Light").get_attribute("aria-pressed") == "true"
        assert background(page, "body") == "rgb(255, 255, 255)"
        page.reload()
        assert page.evaluate("document.documentElement.dataset.scheme") == "light"
        assert page.evaluate("window.schemeSetAfterBody") is False
        assert background(page, "body") == "rgb(255, 255, 255)"
        page.goto(base_url + paths["rules index"])                                  # every page of the site
        assert background(page, "body") == "rgb(255, 255, 255)"
        assert page.get_by_role("button", name="Light").get_attribute("aria-pressed") == "true"
        page.get_by_role("button", name="As the device").click()
        page.reload()
        assert page.evaluate("document.documentElement.dataset.scheme") is None
        assert background(page, "body") == "rgb(18, 20, 23)"
        page.get_by_role("button", name="Dark").click()
        page.emulate_media(color_scheme="light")                                   # the device turns light
        page.reload()
        assert background(page, "body") == "rgb(18, 20, 23)"
    finally:
        context.close()


@pytest.mark.parametrize("scripts", [True, False])
def test_the_chosen_pill_shows_with_and_without_scripts(browser, afternoon, scripts):
    """With scripts app.js marks it (.is-checked, as in browsers without :has()); without, :has() does."""
    base_url, _ = afternoon
    context = browser.new_context(java_script_enabled=scripts, color_scheme="dark")
    page = context.new_page()
    try:
        page.goto(base_url + "/games/new")
        card = page.locator(".ruleset-card", has=page.locator("input[value=sambola]"))
        card.locator("input[name=ruleset]").check()
        pill = page.locator("label.pill", has=page.locator("#players-6"))
        pill.click()
        expect(pill).to_have_css("background-color", "rgb(31, 79, 140)")                # --accent, dark
        assert ("is-checked" in pill.get_attribute("class")) is scripts
        expect(card.locator(".choice-card")).to_have_css("border-top-width", "4px")
        expect(page.locator(".player-row-2").first).to_be_visible()            # six players: three a side
    finally:
        context.close()
