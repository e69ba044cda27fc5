"""How a club afternoon's pages lie for a player with reading glasses, in Chromium, light and dark: the board uses a
tablet's width, the results fit a phone with two-word names and five-figure margins, and the members' settings
keep room between the last check box and the mail notice and between each frame and its heading."""
from __future__ import annotations

import pytest

from tests.conftest import served
from tests.web.afternoon_support import club_afternoon
from tests.web.club_support import NAME, PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_browser_looks")]   # its module's fixture made once

SCHEMES = ("light", "dark")
#: a laptop, a tablet upright and a phone
SIZES = {"1024x768": (1024, 768), "768x1024": (768, 1024), "390x844": (390, 844)}


@pytest.fixture(scope="module")
def afternoon(tmp_path_factory):
    """A server of its own holding a club afternoon (32 players, a table played to 16,800): (base URL, paths)."""
    with served(tmp_path_factory, "treys_looks", WTF_CSRF_ENABLED=True) as (app, base_url):
        yield base_url, club_afternoon(app)


@pytest.fixture(scope="module")
def organiser(browser, afternoon):
    """One signed-in browser page per scheme."""
    base_url, _ = afternoon
    contexts, pages = [], {}
    for scheme in SCHEMES:
        context = browser.new_context(viewport={"width": 1024, "height": 768}, color_scheme=scheme)
        contexts.append(context)
        page = context.new_page()
        page.goto(base_url + "/login")
        page.get_by_label("Name").fill(NAME)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/club")
        pages[scheme] = page
    yield pages
    for context in contexts:
        context.close()


def at_size(page, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(100)


def box(locator) -> dict:
    return locator.evaluate("el => { const r = el.getBoundingClientRect(); "
                            "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; }")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", ["768x1024", "390x844"])
def test_the_board_uses_the_width_of_a_tablet_upright_and_a_phone(organiser, afternoon, scheme, size):
    base_url, paths = afternoon
    page = organiser[scheme]
    page.goto(base_url + paths["board"])
    at_size(page, size)
    content = box(page.locator(".board-page .content"))
    padding = page.locator(".board-page .content").evaluate("el => parseFloat(getComputedStyle(el).paddingLeft)")
    inner = content["width"] - 2 * padding
    for selector in (".board-grid", ".board-table", "#draw-words"):
        found = box(page.locator(selector).first)
        assert found["width"] >= inner - 1, f"{selector} is {found['width']:.0f}px of {inner:.0f}px at {size}"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_results_fit_the_screen_with_two_word_names_and_five_figure_margins(organiser, afternoon, scheme, size):
    base_url, paths = afternoon
    page = organiser[scheme]
    page.goto(base_url + paths["results"])
    at_size(page, size)
    assert "+15,210" in page.locator(".results-table").inner_text()
    sideways = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert sideways <= 0, f"the results scroll {sideways}px sideways at {size}"
    table, main = box(page.locator(".results-table")), box(page.locator("main"))
    assert table["right"] <= main["right"], f"the results table runs {table['right'] - main['right']:.0f}px past the page"
    # the Won and Margin figures never touch: "1 +15,210" is two numbers, read apart
    cells = page.locator(".results-table tbody tr").first.locator("td, th")
    won, margin = cells.nth(3), cells.nth(4)
    words = "el => { const r = document.createRange(); r.selectNodeContents(el); const b = r.getBoundingClientRect(); " \
            "return [b.left, b.right]; }"
    gap = margin.evaluate(words)[0] - won.evaluate(words)[1]
    assert gap >= 12, f"{gap:.0f}px between the games won and the margin at {size}"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_settings_keep_room_round_the_check_boxes_and_the_frames_headings(organiser, afternoon, scheme, size):
    base_url, _ = afternoon
    page = organiser[scheme]
    page.goto(base_url + "/club/settings")
    at_size(page, size)
    notice = page.locator(".members-settings fieldset .notice")
    assert "No emails can go yet" in notice.inner_text()        # no mail server in the tests
    last = notice.locator("xpath=preceding-sibling::label[1]")
    gap = box(notice)["top"] - box(last)["bottom"]
    assert gap >= 12, f"{gap:.0f}px between the last check box and the mail notice at {size}"
    for legend in page.locator(".members-settings legend").all():
        padding = legend.evaluate("el => [parseFloat(getComputedStyle(el).paddingLeft), "
                                  "parseFloat(getComputedStyle(el).paddingRight)]")
        assert min(padding) >= 6, f"the frame's line touches '{legend.inner_text()}' ({padding})"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_how_it_adds_up_stands_clear_of_a_team_not_melded_yet_on_a_phone(organiser, afternoon, scheme):
    base_url, paths = afternoon
    page = organiser[scheme]
    page.goto(base_url + paths["hand form"])            # the signed-in organiser needs no table code
    at_size(page, "390x844")
    previews = page.locator(".team-preview")
    for index in range(previews.count()):
        preview = previews.nth(index)
        head, summary = preview.locator(".preview-head > span").first, preview.locator(".preview-detail > summary")
        assert "not melded yet" in head.inner_text()
        words, link = box(head), box(summary)
        assert words["right"] + 4 <= link["left"], f"'{head.inner_text()}' runs into 'How it adds up': {words}, {link}"
        lines = summary.evaluate("el => { const r = document.createRange(); r.selectNodeContents(el); "
                                 "return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }")
        assert lines <= 2, f"'How it adds up' is broken over {lines} lines"


#: A phone at 200 % zoom: half its CSS pixels (a 390 and a 360 pixel wide phone).
ZOOMED = {"195x422": (195, 422), "180x400": (180, 400)}


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", list(ZOOMED))
def test_at_200_percent_zoom_the_header_leaves_the_first_screen_to_the_page(organiser, afternoon, scheme, size,
                                                                            output_dir):
    """On a phone at 200 % the header's links lie two a row: the header takes under two fifths of the first
    screen, each link is still a 48 px target, and no page is wider than the phone."""
    base_url, _ = afternoon
    page = organiser[scheme]
    width, height = ZOOMED[size]
    page.set_viewport_size({"width": width, "height": height})
    try:
        for path in ("/", "/rules", "/club", "/records"):
            page.goto(base_url + path)
            header = box(page.locator(".site-header"))
            assert header["bottom"] - header["top"] <= 0.4 * height, (path, header)
            links = page.locator(".site-nav a")
            assert links.count() == 4
            for link in links.all():
                place = box(link)
                assert place["bottom"] - place["top"] >= 48 and place["right"] <= width, (path, place)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (path, page.evaluate(
                f"[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > {width} + 0.5)"
                ".map(e => e.tagName + '.' + e.className + ' ' + e.textContent.trim().slice(0, 30)).slice(0, 6)"))
            name = path.strip("/") or "home"
            page.screenshot(path=str(output_dir / f"zoom200-{name}-{size}-{scheme}.png"))
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})


@pytest.mark.parametrize("scheme", SCHEMES)
def test_no_page_scrolls_sideways_at_320_css_pixels(organiser, afternoon, scheme):
    """WCAG's reflow width (a 320 px phone, or a laptop at 400 %): no page of the afternoon is wider than the
    screen; a table too wide for it scrolls in its own frame."""
    base_url, paths = afternoon
    page = organiser[scheme]
    page.set_viewport_size({"width": 320, "height": 568})
    try:
        for name, path in paths.items():
            if path.startswith("/"):
                page.goto(base_url + path)
                assert page.evaluate("document.documentElement.scrollWidth") <= 320, name
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})
