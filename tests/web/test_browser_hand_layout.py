"""A typical Bolivia hand played on the hand form in real Chromium at the sizes a club uses, its taps, scrolls and
heights measured: a tablet both ways, a phone, and 200 % zoom; the filled form pictured at each in both colour schemes.

200 % zoom is Chromium's own page zoom as a player sets it: the window stays 1024x768 device pixels and the page
gets half as many CSS pixels each way, so the page is laid out at 512x384 with two device pixels to each CSS pixel
(deviceScaleFactor 2). That is what the zoom does to the layout (the narrow-screen rules apply, as they do for the
player); a CSS zoom on a wide window would not (its media queries would still see the wide window).

Figures go to tests/output/screens/hand_layout.txt; screenshots to tests/output/screens/hand_layout_*.png.
"""
import re

import pytest
from playwright.sync_api import expect

from tests.web.test_browser_table import no_sideways_scroll, plus

pytestmark = pytest.mark.browser

#: name, CSS viewport (width, height), device pixels per CSS pixel
SCREENS = (("landscape tablet", (1024, 768), 1), ("portrait tablet", (768, 1024), 1),
           ("phone", (390, 844), 1), ("200 % zoom", (512, 384), 2))


class Player:
    """A player's hands on the form: taps, keys, and the taps whose target was not in view (a scroll first).

    In view: wholly inside the window and above the sticky Save bar (a target under the bar cannot be tapped).
    A player is slower than the live check: before each tap the form has answered the last one (data-checking
    gone), so whatever the answer shows or moves is on the screen when the next target is looked for."""

    def __init__(self, page):
        self.page, self.taps, self.keys, self.scrolls = page, 0, 0, 0

    def in_view(self, locator) -> bool:
        box = locator.bounding_box()
        bar = self.page.locator(".save-bar").bounding_box()
        bottom = bar["y"] if bar and not locator.evaluate("n => !!n.closest('.save-bar')") else \
            self.page.viewport_size["height"]
        return box["y"] >= 0 and box["y"] + box["height"] <= bottom + 0.5

    def settle(self):
        """Wait, as a player does, for the live check to answer: looked for at every frame (a selector is looked
        for again only after up to half a second, longer than the check takes)."""
        self.page.wait_for_function('() => document.querySelector("form[data-preview-url]:not([data-checking])")')

    def tap(self, locator):
        self.settle()
        if not self.in_view(locator):
            self.scrolls += 1
        locator.click()
        self.taps += 1

    def type(self, locator, text):
        self.tap(locator)
        locator.press_sequentially(text)
        self.keys += len(text)


def start_bolivia(page, live_server) -> str:
    """A Bolivia game for four with the default names; returns its page's URL."""
    page.goto(f"{live_server}/games/new")
    page.locator("input[name=ruleset][value=bolivia]").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return page.url


def play_typical_hand(page, player):
    """North-South go out with a red samba, a red canasta and two red 3s, 485 on the table; East-West have
    melded 120 and hold 35 in hand. Every field needed is tapped where it stands, the page as the player left it."""
    steps = [lambda: player.tap(page.locator("label.pill", has_text="North-South")),
             lambda: player.tap(plus(page, 0, "set_red_samba")),
             lambda: player.tap(plus(page, 0, "set_red_canasta")),
             lambda: player.tap(threes_button(page, 0, 2)),
             lambda: player.type(page.locator("#team0-table_points"), "485"),
             lambda: player.type(page.locator("#team1-table_points"), "120"),
             lambda: player.type(page.locator("#team1-hand_points"), "35")]
    for step in steps:
        step()
        player.settle()
        assert page.locator(".field-error").count() == 0, "a red message while the hand is filled in as it should be"
        expect(page.locator("#refusal-summary")).to_be_hidden()
    expect(page.locator("#preview-status")).to_contain_text("Ready to save")
    expect(page.locator("#preview-status")).to_contain_text("North-South +2,885 · East-West +85")


def threes_button(page, team, count):
    """The button for this many red 3s on the table."""
    return page.locator(f".team-{team} .row-red_threes label.pill", has_text=re.compile(rf"^{count}$"))


def pictured_in_both_schemes(page, folder, name):
    """The filled form's screenshots in each colour scheme, as it opens (scrolled to the top) and whole, for
    people to look at; neither scheme scrolls sideways. The page is left as the player left it (light, scrolled
    where it was), so what is measured after is what the player sees."""
    folder.mkdir(parents=True, exist_ok=True)
    label = name.replace(" % ", "pc-").replace(" ", "-")
    left_at = page.evaluate("window.scrollY")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        page.evaluate("window.scrollTo(0, 0)")
        no_sideways_scroll(page)
        page.screenshot(path=str(folder / f"hand_layout_{label}_{scheme}.png"))
        page.screenshot(path=str(folder / f"hand_layout_{label}_{scheme}_whole.png"), full_page=True)
    page.emulate_media(color_scheme="light")
    page.evaluate("y => window.scrollTo(0, y)", left_at)


def sizes(page) -> dict:
    """The page's height and the sticky Save bar's, in CSS pixels."""
    return page.evaluate("""() => ({page: document.documentElement.scrollHeight,
                                   bar: document.querySelector('.save-bar').getBoundingClientRect().height})""")


@pytest.mark.parametrize("name, viewport, scale", SCREENS, ids=[s[0] for s in SCREENS])
def test_a_typical_hand_in_eight_taps_on_few_screens(live_server, browser, output_dir, name, viewport, scale):
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
    page = context.new_page()
    try:
        game_url = start_bolivia(page, live_server)
        page.goto(game_url + "/hands/new")
        expect(page.locator("#preview-status")).to_contain_text("Still to choose")
        empty = sizes(page)
        player = Player(page)
        play_typical_hand(page, player)
        filled = sizes(page)
        no_sideways_scroll(page)
        pictured_in_both_schemes(page, output_dir / "screens", name)
        player.tap(page.get_by_role("button", name="Save hand 1"))
        page.wait_for_url(game_url)
        expect(page.locator("main")).to_contain_text("Hand 1 saved.")
    finally:
        context.close()
    screens = filled["page"] / height
    line = (f"{name} ({width}x{height} CSS px, x{scale}): {player.taps} taps, {player.keys} keys, "
            f"{player.scrolls} taps after a scroll; form {empty['page']} px empty ({empty['page'] / height:.2f} "
            f"screens), {filled['page']} px filled ({screens:.2f} screens); Save bar {filled['bar']:.0f} px "
            f"({filled['bar'] / height:.0%} of the screen)\n")
    (output_dir / "screens").mkdir(parents=True, exist_ok=True)
    with (output_dir / "screens" / "hand_layout.txt").open("a") as figures:
        figures.write(line)
    assert player.taps <= 8, line
    if name == "landscape tablet":          # every field the hand needs is in view as the form opens
        assert player.scrolls == 0 and screens <= 1.5, line
    if name == "portrait tablet":           # was 1.68 screens filled
        assert screens <= 1.6, line
    if name == "phone":                     # was 3.6 screens and a bar of 17 %, then 3.12 screens
        assert screens <= 3.0 and filled["bar"] <= height / 8, line
    if name == "200 % zoom":                # was a bar of 38 %
        assert filled["bar"] <= height / 5, line
