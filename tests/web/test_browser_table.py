"""A game at the table in a real browser: new game, three hands (one rejected), a correction, the winner.

Screenshots go to tests/output/screens/ at the three sizes a club uses (10-inch tablet both ways
and a phone); at each size the page must not scroll sideways.
"""
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = ((1024, 768), (768, 1024), (390, 844))


class Taps:
    """Counts what a player does: each tap, and each key typed."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, locator):
        locator.click()
        self.count += 1

    def type(self, locator, text):
        self.tap(locator)
        locator.press_sequentially(text)
        self.count += len(text)


def no_sideways_scroll(page):
    """The page is no wider than the window."""
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"page is {width}px wide in a {inner}px window"


def painted_at(page, width, height):
    """Until the window has this size and a frame has been painted at it (two animation frames: the layout of the
    new size is done and on the screen), so the width is measured and the screenshot taken at this size."""
    page.wait_for_function("([w, h]) => window.innerWidth === w && window.innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def shoot(page, output_dir, name, sizes=SIZES):
    """Screenshots at every size (full page), checking for sideways scrolling at each."""
    folder = output_dir / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    original = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        painted_at(page, width, height)
        no_sideways_scroll(page)
        page.screenshot(path=str(folder / f"{name}_{width}x{height}.png"), full_page=True)
    page.set_viewport_size(original)


def team(page, index):
    """One team's card on the hand form."""
    return page.locator(f"section.team-card.team-{index}")


def plus(page, index, field):
    """The + button of a team's stepper."""
    return page.locator(f"#team{index}-{field}").locator("xpath=following-sibling::button[1]")


def red_threes(page, index, count):
    """The button for this many red 3s on a team's card: any count is one tap."""
    return page.locator(f".team-{index} .row-red_threes label.pill").filter(has_text=re.compile(rf"^{count}$"))


def wait_for_preview(page, kind):
    """Until the server's preview has answered with this state (ready, problem, waiting), shown: looked for at
    every frame (a selector is looked for again only after up to half a second, longer than the check takes)."""
    page.wait_for_function("kind => document.querySelector('#preview-status.is-' + kind)", arg=kind, timeout=10000)
    expect(page.locator(f"#preview-status.is-{kind}")).to_be_visible()


def start_game(page, live_server, output_dir):
    """Open a Bolivia game for four with the default names; returns its id."""
    page.goto(f"{live_server}/games/new")
    assert page.locator("input[name=ruleset][value=bolivia]").is_checked()
    shoot(page, output_dir, "new_game")
    page.get_by_label("Table", exact=False).first.fill("Table 3")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    digits = page.locator(".code-digits").inner_text()
    assert re.fullmatch(r"\d{4}", digits)
    assert "Write this on the score sheet" in page.content()
    return int(page.url.rsplit("/", 1)[1])


def test_a_game_at_the_table(live_server, page, output_dir):
    page.set_viewport_size({"width": 1024, "height": 768})
    game_id = start_game(page, live_server, output_dir)
    shoot(page, output_dir, "game_new")

    # Hand 1: the typical Bolivia hand, counting the taps.
    taps = Taps(page)
    taps.tap(page.get_by_role("link", name="Enter hand 1"))
    page.wait_for_url(f"**/games/{game_id}/hands/new")
    taps.tap(plus(page, 0, "set_red_samba"))
    taps.tap(plus(page, 0, "set_red_canasta"))
    taps.tap(red_threes(page, 0, 2))
    taps.type(page.locator("#team0-table_points"), "485")
    taps.tap(page.locator("label.pill", has_text="North-South"))
    preview = team(page, 0).locator(".team-preview")
    expect(preview).to_contain_text("+2,885")      # 1500 + 500 + red 3s 200 + going out 200 + 485
    expect(preview).to_contain_text("Red Samba x1")
    wait_for_preview(page, "ready")
    shoot(page, output_dir, "hand_entry")
    taps.tap(page.get_by_role("button", name="Save hand 1"))
    page.wait_for_url(f"**/games/{game_id}")
    assert "Hand 1 saved." in page.content()
    (output_dir / "screens" / "table_taps.txt").write_text(
        f"Typical Bolivia hand (red samba 1, red canasta 1, red 3s 2, table points 485, went out), "
        f"from the game page's 'Enter hand' button to 'Save': {taps.count} taps and keys\n")
    assert taps.count <= 12

    # Hand 2, first try: East-West cannot go out without a samba. Rejected, nothing saved.
    page.get_by_role("link", name="Enter hand 2").click()
    plus(page, 1, "set_red_canasta").click()
    page.locator("#team1-table_points").fill("300")
    page.locator("label.pill", has_text="East-West").click()
    expect(page.locator('[data-error-for="went_out"] .field-error')).to_contain_text("East-West cannot go out")
    wait_for_preview(page, "problem")
    page.get_by_role("button", name="Save hand 2").click()
    page.wait_for_selector("form[data-refused=yes]")          # the refused page, from the server
    message = page.locator('[data-error-for="went_out"] .field-error')
    assert "East-West cannot go out" in message.inner_text()
    assert "needs a Samba" in message.inner_text() or "Samba" in message.inner_text()
    assert page.locator(".went-out-box.has-error").count() == 1
    wait_for_preview(page, "problem")
    shoot(page, output_dir, "hand_rejected")
    page.goto(f"{live_server}/games/{game_id}")
    assert page.get_by_role("link", name="Enter hand 2").count() == 1   # still hand 2: nothing saved

    # Hand 2 again, the stock ran out.
    page.get_by_role("link", name="Enter hand 2").click()
    plus(page, 1, "set_red_canasta").click()
    page.locator("#team1-table_points").fill("300")
    page.locator("label.pill", has_text="Nobody").click()
    wait_for_preview(page, "ready")
    page.get_by_role("button", name="Save hand 2").click()
    page.wait_for_url(f"**/games/{game_id}")
    assert "Hand 2 saved." in page.content()

    # Correct hand 1: the table points were 585, not 485 (the card-count helper adds them up).
    page.get_by_role("link", name="Correct hand 1").click()
    page.wait_for_url("**/hands/1/edit")
    assert page.locator("#team0-table_points").input_value() == "485"
    counter = team(page, 0).locator("details.counter").first
    counter.locator("summary").click()
    fills = {"Jokers": 1, "2s": 2, "Aces": 3, "8, 9, 10, J, Q, K": 36, "4, 5, 6, 7": 15}
    for words, count in fills.items():
        counter.get_by_label(re.compile("^" + re.escape(words) + r" \(")).fill(str(count))
    assert page.locator("#team0-table_points").input_value() == "585"
    expect(team(page, 0).locator(".team-preview")).to_contain_text("+2,985")
    wait_for_preview(page, "ready")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(f"**/games/{game_id}")
    assert "Hand 1 corrected." in page.content()
    assert "2,985" in page.locator(".total-card.team-0 .total-number").inner_text()

    # Hand 3: North-South reach 15,000 and win.
    page.get_by_role("link", name="Enter hand 3").click()
    for _ in range(4):
        plus(page, 0, "set_red_samba").click()
    team(page, 0).locator("details.more-sets > summary", has_text="More sets").click()   # the rare sets wait there
    plus(page, 0, "set_red_bolivia").click()
    plus(page, 0, "set_black_bolivia").click()
    red_threes(page, 0, 6).click()                # all six red 3s: one tap
    page.locator("#team0-table_points").fill("1000")
    page.locator("label.pill", has_text="North-South").click()
    expect(page.locator("#preview-status")).to_contain_text("North-South wins the game")
    page.get_by_role("button", name="Save hand 3").click()
    page.wait_for_url(f"**/games/{game_id}")
    banner = page.locator(".winner-banner")
    assert "North-South won" in banner.inner_text()
    assert page.get_by_role("link", name=re.compile("Enter hand")).count() == 0
    shoot(page, output_dir, "game_winner")


def test_pages_fit_every_size(live_server, browser, page, output_dir):
    page.goto(f"{live_server}/games/new")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    game_url = page.url
    code = page.locator(".code-digits").inner_text()
    page.get_by_role("link", name="Enter hand 1").click()
    page.locator("label.pill", has_text="Nobody").click()
    page.get_by_role("button", name="Save hand 1").click()
    page.get_by_role("link", name="Remove last hand (1)").click()
    shoot(page, output_dir, "remove_confirm")
    page.goto(f"{live_server}/")
    shoot(page, output_dir, "home")

    other = browser.new_context()
    tablet = other.new_page()
    try:
        tablet.goto(game_url + "/hands/new")
        assert "Enter the table code" in tablet.content()
        shoot(tablet, output_dir, "table_code")
        tablet.locator("#code").fill(code)
        tablet.get_by_role("button", name="Continue").click()
        tablet.wait_for_url(game_url + "/hands/new")
        assert tablet.get_by_role("button", name="Save hand 2").count() == 1
    finally:
        other.close()
    page.goto(f"{live_server}/rules/bolivia_plus")
    shoot(page, output_dir, "rules")
    page.goto(f"{live_server}/sets/check")
    for rank in ("7", "8", "9", "10", "J", "Q", "K"):
        page.locator(f".rank-button[data-rank='{rank}']").click()
    page.wait_for_selector("#verdict.is-set")
    assert "Red Samba" in page.locator("#verdict").inner_text()
    shoot(page, output_dir, "set_check")


def test_no_javascript_still_saves_a_hand(live_server, browser, output_dir):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/games/new")
        page.locator("label.choice-card", has_text="Sambola").click()
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url(re.compile(r"/games/\d+$"))
        page.get_by_role("link", name="Enter hand 1").click()
        page.wait_for_url(re.compile(r"/hands/new$"))
        expect(page.locator(".step").first).to_be_hidden()
        page.locator("#team1-red_threes-2").check()          # one button a count, with or without scripts
        page.locator("#team1-table_points").fill("120")
        page.locator("label.pill", has_text="Nobody").click()
        page.get_by_role("button", name="Save hand 1").click()
        expect(page.locator("main")).to_contain_text("Hand 1 saved.")
        expect(page.locator(".total-card.team-1 .total-number")).to_contain_text("320")
    finally:
        context.close()


def test_three_players_alone_at_sambola(live_server, page, output_dir):
    page.goto(f"{live_server}/games/new")
    page.locator("label.choice-card", has_text="Sambola").click()
    page.locator("label.pill", has_text="3 players").click()
    names = page.locator(".player-name-input:visible")
    assert names.count() == 3
    for index, name in enumerate(("Ann", "Bob", "Cy")):
        names.nth(index).fill(name)
    assert page.locator(".seat-choice:visible").all_inner_texts() == ["Ann", "Bob", "Cy"]
    assert page.locator(".variation:visible", has_text="Going out when each plays alone").count() == 1
    shoot(page, output_dir, "new_game_three_players")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.get_by_role("link", name="Enter hand 1").click()
    plus(page, 2, "red_threes").click()
    page.locator("label.pill", has_text="Nobody").click()
    expect(team(page, 2).locator(".team-preview")).to_contain_text("+100")
    shoot(page, output_dir, "hand_entry_three_players")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert "Hand 1 saved." in page.content()
