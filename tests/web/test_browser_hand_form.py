"""The hand form at the table in real Chromium: taps and height, spacing, refusals, dark mode,
Back after saving, a dropped wifi, Enter, and axe-core on every page type.

Figures go to tests/output/screens/taps.txt; screenshots to tests/output/screens/.
"""
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.test_browser_table import plus, red_threes, shoot, wait_for_preview

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def new_game(page, live_server, ruleset="bolivia", players=None, names=()):
    """Start a game from the new-game page; returns the game page's URL."""
    page.goto(f"{live_server}/games/new")
    page.locator(f"input[name=ruleset][value={ruleset}]").check()
    if players:
        page.locator(f"#players-{players}").check()
    inputs = page.locator(".player-name-input:visible")
    for index, name in enumerate(names):
        inputs.nth(index).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return page.url


def hands_recorded(page, game_url):
    """Hands on the game page (the 'Enter hand N' link says N - 1)."""
    page.goto(game_url)
    link = page.get_by_role("link", name=re.compile(r"Enter hand \d+")).inner_text()
    return int(re.search(r"\d+", link).group()) - 1


def page_height(page):
    return page.evaluate("document.documentElement.scrollHeight")


class Counter:
    """Taps, keys and scrolls a player makes (a scroll: the target was outside the screen)."""

    def __init__(self, page):
        self.page, self.taps, self.keys, self.scrolls = page, 0, 0, 0

    def tap(self, locator):
        box = locator.bounding_box()
        if box["y"] < 0 or box["y"] + box["height"] > self.page.viewport_size["height"]:
            self.scrolls += 1
        locator.click()
        self.taps += 1

    def type(self, locator, text):
        self.tap(locator)
        locator.press_sequentially(text)
        self.keys += len(text)


def save_in_view(page):
    """The Save button lies wholly inside the window (the sticky bar keeps it there)."""
    box = page.get_by_role("button", name=re.compile(r"^Save hand")).bounding_box()
    return 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]


def typical_hand(page, game_url, count):
    """The typical hand (one team out, two sets, two red 3s, table points), Save checked in view after each field;
    returns the form's height filled in, just before Save."""
    page.goto(game_url + "/hands/new")
    page.evaluate("window.scrollTo(0, 0)")
    steps = [lambda: count.tap(page.locator("label.pill", has_text="North-South")),
             lambda: count.tap(plus(page, 0, "set_red_samba")),
             lambda: count.tap(plus(page, 0, "set_red_canasta")),
             lambda: count.tap(red_threes(page, 0, 2)),
             lambda: count.type(page.locator("#team0-table_points"), "485")]
    for number, step in enumerate(steps, start=1):
        step()
        assert save_in_view(page), f"Save is out of view after step {number}"
    expect(page.locator(".team-0 .team-preview")).to_contain_text("+2,885")
    expect(page.locator(".team-1 .team-preview")).to_contain_text("(not melded yet)")
    expect(page.locator("#preview-status")).to_contain_text("Ready to save")
    expect(page.locator("#preview-status")).to_contain_text("+2,885")        # the running scores beside Save
    assert save_in_view(page)
    return page_height(page)


@pytest.mark.parametrize("width, height", [(1024, 768), (390, 844)])
def test_a_typical_hand_in_eight_taps_with_save_always_in_view(live_server, page, output_dir, width, height):
    page.set_viewport_size({"width": width, "height": height})
    game_url = new_game(page, live_server)
    page.goto(game_url + "/hands/new")
    empty = page_height(page)
    assert save_in_view(page)
    count = Counter(page)
    filled = typical_hand(page, game_url, count)
    count.tap(page.get_by_role("button", name="Save hand 1"))
    page.wait_for_url(game_url)
    assert "Hand 1 saved." in page.content()
    assert count.taps <= 8
    (output_dir / "screens").mkdir(parents=True, exist_ok=True)
    with (output_dir / "screens" / "taps.txt").open("a") as figures:
        figures.write(f"Typical Bolivia hand at {width}x{height}: {count.taps} taps, {count.keys} keystrokes, "
                      f"{count.scrolls} taps needing a scroll; form {empty} px empty, {filled} px filled "
                      f"({filled / height:.2f} screens); Save in view after every field\n")
    if width == 1024:       # filled in, with each team's breakdown, it still keeps to a screen and a half
        assert empty <= 1.4 * height and filled <= 1.5 * height, f"the form is {empty} px empty, {filled} px filled"


def test_a_typical_bolivia_hand_in_eight_taps_and_one_and_a_half_screens(live_server, page, output_dir):
    page.set_viewport_size({"width": 1024, "height": 768})
    game_url = new_game(page, live_server)
    page.goto(game_url + "/hands/new")
    height = page_height(page)
    # who went out is asked first, the rare sets wait behind "more sets"
    assert page.locator("fieldset.went-out-box").evaluate(
        "box => box.compareDocumentPosition(document.querySelector('.team-cards')) & 4") == 4
    assert page.locator("#team0-set_red_bolivia").is_hidden()
    assert page.locator("#team0-set_black_bolivia").is_hidden()
    assert page.locator("#team0-set_mixed_bolivia").is_visible()
    assert page.locator("input[name=team0-not_melded]").count() == 0
    assert page.locator("#concealed").is_hidden()            # asked once a team went out
    count = Counter(page)
    typical_hand(page, game_url, count)
    assert page.locator("#concealed").is_visible()
    count.tap(page.get_by_role("button", name="Save hand 1"))
    page.wait_for_url(game_url)
    assert "Hand 1 saved." in page.content()
    assert count.taps <= 8
    assert height <= 1.5 * 768, f"the hand form is {height}px tall"     # was 2,210 px, then 1,438

    heights = {"Bolivia, 4 players": (height, None)}
    plus_url = new_game(page, live_server, "bolivia_plus", "6")
    heights["Bolivia Plus, 6 players"] = empty_and_filled(page, plus_url, ("set_sequence", "set_natural_canasta",
                                                                           "set_mixed_canasta"))
    sambola_url = new_game(page, live_server, "sambola", "3", ("Ann", "Bob", "Cy"))
    heights["Sambola, 3 players alone"] = empty_and_filled(page, sambola_url, ("set_red_canasta", "set_red_samba",
                                                                              "set_black_canasta"))
    tops = page.locator("section.team-card").evaluate_all("cards => cards.map(c => c.getBoundingClientRect().top)")
    assert len(set(tops)) == 1, "three players alone sit side by side"
    lines = [f"Typical Bolivia hand (went out, red samba 1, red canasta 1, red 3s 2, table points 485), "
             f"from the open form to Save at 1024x768: {count.taps} taps, {count.keys} keystrokes, "
             f"{count.scrolls} taps needing a scroll"]
    lines += [f"Hand form height at 1024x768, {name}: {empty} px empty ({empty / 768:.2f} screens)"
              + (f", {filled} px filled ({filled / 768:.2f} screens)" if filled else "")
              for name, (empty, filled) in heights.items()]
    (output_dir / "screens").mkdir(parents=True, exist_ok=True)
    with (output_dir / "screens" / "taps.txt").open("a") as figures:
        figures.write("\n".join(lines) + "\n")
    for name, (empty, filled) in heights.items():
        # empty: were 2,210 and 2,850 px, then 1,569 and 1,670, then 1,293 and 1,274
        assert empty <= 1.6 * 768, (name, empty)
        # filled in: were 1,480 and 1,409 px, then 1,272 and 1,303 (cards); a score sheet on a wide screen
        assert filled is None or filled <= 1.5 * 768, (name, filled)


def empty_and_filled(page, game_url, sets):
    """The form's height empty, then with the first team out on these sets, two red 3s and 485 table points."""
    page.goto(game_url + "/hands/new")
    empty = page_height(page)
    page.locator(".went-out-pills label.pill").nth(1).click()
    for name in sets:
        plus(page, 0, name).click()
    for _ in range(2):
        plus(page, 0, "red_threes").click()
    page.locator("#team0-table_points").fill("485")
    expect(page.locator("#preview-status")).to_contain_text("Ready to save")
    return empty, page_height(page)


def test_screenshots_of_hand_entry_refusal_and_new_game(live_server, page, output_dir):
    page.set_viewport_size({"width": 1024, "height": 768})
    for ruleset, players, names, shot in (("bolivia", None, (), "hand_bolivia4"),
                                          ("bolivia_plus", "6", (), "hand_boliviaplus6"),
                                          ("sambola", "3", ("Ann", "Bob", "Cy"), "hand_sambola3")):
        page.goto(new_game(page, live_server, ruleset, players, names) + "/hands/new")
        wait_for_preview(page, "waiting")
        shoot(page, output_dir, shot)
    page.goto(f"{live_server}/games/new")
    shoot(page, output_dir, "new_game_form")


def test_spacing_between_targets(live_server, page):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(new_game(page, live_server) + "/hands/new")
    gaps = page.evaluate("""() => {
        const out = [];
        const steppers = [...document.querySelectorAll('.team-0 .row-stepper .stepper')]
            .filter(s => s.getBoundingClientRect().height > 0 && !s.closest('details:not([open])'));
        for (const s of steppers) {
            const [down, box, up] = [...s.children].map(n => n.getBoundingClientRect());
            out.push(box.left - down.right, up.left - box.right);
        }
        // each stepper and its nearest neighbour (in a column of rows or a grid of tiles)
        const boxes = steppers.map(s => s.getBoundingClientRect());
        boxes.forEach((a, i) => {
            const apart = boxes.filter((_, j) => j !== i).map(b => Math.max(
                b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom));
            out.push(Math.min(...apart));
        });
        const pills = [...document.querySelectorAll('.went-out-pills .pill')].map(p => p.getBoundingClientRect());
        for (let i = 1; i < pills.length; i++) {
            if (Math.abs(pills[i].top - pills[i - 1].top) < 1) out.push(pills[i].left - pills[i - 1].right);
        }
        return out;
    }""")
    assert len(gaps) > 10
    assert min(gaps) >= 12, gaps
    assert page.locator(".team-0 .step-down").first.bounding_box()["height"] >= 48


def test_refusal_focuses_the_first_marked_field_and_the_summary_follows_the_live_check(live_server, page,
                                                                                        output_dir):
    page.set_viewport_size({"width": 1024, "height": 768})
    game_url = new_game(page, live_server)
    page.goto(game_url + "/hands/new")
    page.locator("label.pill", has_text="East-West").click()
    plus(page, 1, "set_red_canasta").click()
    page.locator("#team0-table_points").fill("12")
    page.locator("#team1-table_points").fill("300")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_selector("form[data-refused=yes]")
    expect(page.locator("#went_out-1")).to_be_focused()      # (no wait_for_function: the CSP forbids eval)
    assert page.evaluate("document.activeElement.getBoundingClientRect().top") >= 0
    summary = page.locator("#refusal-summary")
    expect(summary).to_contain_text("This hand was not saved")
    expect(summary.locator("a")).to_have_count(2)
    messages = page.locator(".field-error").all_inner_texts()
    assert len(messages) == len(set(messages)) == 2          # each message once, beside its field
    assert page.locator('[data-error-for="team0-table_points"] .field-error').count() == 1
    shoot(page, output_dir, "hand_refused")
    page.locator("#team0-table_points").fill("10")
    expect(summary.locator("a")).to_have_count(1)             # the summary follows the live check
    page.locator("label.pill", has_text="Nobody").click()
    expect(summary).to_be_hidden()


def test_a_pack_total_refusal_marks_the_field_with_the_most_and_clears_when_fixed(live_server, page):
    page.set_viewport_size({"width": 1024, "height": 768})
    game_url = new_game(page, live_server)
    page.goto(game_url + "/hands/new")
    page.locator("label.pill", has_text="Nobody").click()
    red_threes(page, 0, 2).click()
    red_threes(page, 1, 5).click()                           # 7 red 3s: the pack holds 6
    page.locator("#team0-table_points").fill("50")
    page.locator("#team1-table_points").fill("50")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_selector("form[data-refused=yes]")
    box = page.locator('[data-error-for="team1-red_threes"]')
    expect(box).to_contain_text("they hold only 6 red 3s")
    assert page.get_by_text("they hold only 6 red 3s").count() == 1          # once, beside its field
    expect(page.locator("#refusal-summary a")).to_have_count(1)
    expect(page.locator("#team1-red_threes-5")).to_be_focused()          # the chosen button of the marked row
    assert page.evaluate("document.activeElement.closest('label').getBoundingClientRect().top") >= 0
    red_threes(page, 1, 4).click()                                        # 6 now: the live check clears it
    expect(box).to_be_empty()
    expect(page.locator("#refusal-summary")).to_be_hidden()
    expect(page.locator("#preview-status")).to_contain_text("Ready to save")


def test_dark_mode_and_divider_contrast(live_server, browser, output_dir):
    def luminance(rgb):
        def channel(c):
            c = c / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = rgb
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    def contrast(a, b):
        la, lb = sorted((luminance(a), luminance(b)), reverse=True)
        return (la + 0.05) / (lb + 0.05)

    def colours(page):
        text = page.evaluate("""() => {
            const row = document.querySelector('.team-0 .row');
            const card = row.closest('.team-card');
            const body = getComputedStyle(document.body);
            return JSON.stringify([getComputedStyle(row).borderBottomColor, getComputedStyle(card).backgroundColor,
                                   body.backgroundColor, body.color]);
        }""")
        parse = lambda c: tuple(int(x) for x in re.findall(r"\d+", c)[:3])   # noqa: E731
        return [parse(c) if "rgba(0, 0, 0, 0)" not in c else None for c in json.loads(text)]

    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1024, "height": 768})
        page = context.new_page()
        try:
            page.goto(new_game(page, live_server) + "/hands/new")
            divider, card, body, fg = colours(page)
            behind = card or body
            assert contrast(divider, behind) >= 3, (scheme, divider, behind)
            if scheme == "dark":
                assert luminance(body) < 0.05 and luminance(fg) > 0.7
                shoot(page, output_dir, "hand_dark")
                page.goto(f"{live_server}/games/new")
                shoot(page, output_dir, "new_game_dark")
            else:
                assert luminance(body) > 0.9
        finally:
            context.close()


def test_back_after_saving_cannot_record_the_hand_again(live_server, page):
    game_url = new_game(page, live_server)
    page.goto(game_url)
    page.get_by_role("link", name="Enter hand 1").click()
    page.locator("label.pill", has_text="Nobody").click()
    plus(page, 0, "set_red_canasta").click()
    page.locator("#team0-table_points").fill("300")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(game_url)
    page.go_back()
    page.wait_for_selector("form[data-hand]")
    # Save again, straight away; the server refuses it and the refusal comes as a page (hand.js sends the form
    # the ordinary way to show it): the hands are counted once that answer is in, not after a guessed 500 ms
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("Save")).click()
    assert hands_recorded(page, game_url) == 1


def test_a_restored_form_for_a_recorded_hand_is_refused(live_server, page):
    """What Back brings when the browser keeps the page: the hand 1 form, its figures still in it."""
    game_url = new_game(page, live_server)
    page.goto(game_url + "/hands/new")
    page.locator("label.pill", has_text="Nobody").click()
    plus(page, 0, "set_red_canasta").click()
    page.locator("#team0-table_points").fill("300")
    wait_for_preview(page, "ready")
    kept = page.evaluate("new URLSearchParams(new FormData(document.querySelector('form[data-hand]'))).toString()")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(game_url)
    fresh = page.evaluate("""([url, body]) => {
        const params = new URLSearchParams(body);
        params.set('client_token', 'a-new-token-from-a-restored-page');
        return fetch(url, {method: 'POST', body: params}).then(r => r.text().then(t => [r.status, t]));
    }""", [game_url + "/hands/new", kept])
    assert fresh[0] == 409 and "hand 1 is already recorded" in fresh[1]
    assert hands_recorded(page, game_url) == 1


def test_enter_in_a_count_box_moves_on_and_never_saves(live_server, page):
    game_url = new_game(page, live_server)
    page.goto(game_url + "/hands/new")
    page.locator("label.pill", has_text="Nobody").click()
    box = page.locator("#team0-set_red_canasta")
    box.click()
    box.click()                                  # the second tap opens the box for typing
    box.press("Backspace")
    box.press("1")
    box.press("Enter")
    assert page.evaluate("document.activeElement.id") != "team0-set_red_canasta"
    page.locator("#team0-table_points").fill("300")
    page.locator("#team0-table_points").press("Enter")
    page.wait_for_timeout(700)
    assert "/hands/new" in page.url
    assert box.input_value() == "1"
    assert hands_recorded(page, game_url) == 0


def test_a_count_box_needs_a_second_tap_before_the_keyboard(live_server, page):
    page.goto(new_game(page, live_server) + "/hands/new")
    box = page.locator("#team0-set_black_canasta")
    box.click()
    assert box.evaluate("b => b.readOnly") is True           # a stray tap: no keyboard
    box.click()
    assert box.evaluate("b => b.readOnly") is False
    plus(page, 0, "set_black_canasta").click()
    assert box.evaluate("b => b.readOnly") is True


def test_offline_save_is_kept_and_sent_once_when_the_wifi_is_back(live_server, browser):
    context = browser.new_context()
    page = context.new_page()
    try:
        game_url = new_game(page, live_server)
        page.goto(game_url + "/hands/new")
        page.locator("label.pill", has_text="North-South").click()
        plus(page, 0, "set_red_samba").click()
        plus(page, 0, "set_red_canasta").click()
        page.locator("#team0-table_points").fill("485")
        wait_for_preview(page, "ready")
        context.set_offline(True)
        page.get_by_role("button", name="Save hand 1").click()
        banner = page.locator("#saved-on-tablet")
        expect(banner).to_contain_text("Hand 1 is saved on this tablet and will be sent when the wifi is back")
        with pytest.raises(Exception):
            page.reload()                        # the tablet reloads while the wifi is still down
        context.set_offline(False)
        page.goto(game_url)                      # back online: the kept hand goes by itself,
        # then the page opens the game again to show it (the game had no hand when it loaded)
        expect(page.locator(".total-card.team-0 .total-number")).to_contain_text("2,685", timeout=20_000)
        expect(page.locator("#saved-on-tablet")).to_be_hidden()
        assert hands_recorded(page, game_url) == 1
        assert page.evaluate("localStorage.getItem('treys:outbox')") == "[]"
        page.goto(game_url + "/hands/new")
        assert page.locator("#team0-table_points").input_value() == ""    # the draft was cleared
    finally:
        context.close()


def test_the_draft_survives_a_reload(live_server, page):
    page.goto(new_game(page, live_server) + "/hands/new")
    plus(page, 1, "set_black_canasta").click()
    page.locator("#team1-table_points").fill("250")
    page.locator("label.pill", has_text="Nobody").click()
    page.reload()
    assert page.locator("#team1-set_black_canasta").input_value() == "1"
    assert page.locator("#team1-table_points").input_value() == "250"
    assert page.locator("#went_out-none").is_checked()


@pytest.mark.skipif(not AXE.exists(), reason="run 'npm ci' (make test does) for axe-core")
def test_axe_finds_nothing_on_any_page_type(live_server, browser):
    source = AXE.read_text()
    found = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1024, "height": 768})
        page = context.new_page()
        try:
            game_url = new_game(page, live_server)
            pages = {"home": f"{live_server}/", "new game": f"{live_server}/games/new", "game": game_url,
                     "hand entry": game_url + "/hands/new", "rules": f"{live_server}/rules/bolivia",
                     "set checker": f"{live_server}/sets/check", "error": f"{live_server}/games/999999"}
            for name, url in pages.items():
                page.goto(url)
                found[(scheme, name)] = axe(page, source)
            page.goto(game_url + "/hands/new")
            page.locator("label.pill", has_text="East-West").click()
            page.get_by_role("button", name="Save hand 1").click()
            page.wait_for_selector("form[data-refused=yes]")
            found[(scheme, "refusal")] = axe(page, source)
        finally:
            context.close()
    assert all(v == [] for v in found.values()), {k: v for k, v in found.items() if v}


def checked(page):
    """Until the live check has answered the form's last change (data-checking gone): looked for at every frame (a
    selector is looked for again only after up to half a second, longer than the check takes)."""
    page.wait_for_function('() => document.querySelector("form[data-preview-url]:not([data-checking])")')


def settled(page):
    """Until the page has done what it does by itself once opened: loaded with its fonts, the hand form's live check
    answered, and two frames painted after that (the scripts' zero-delay timers run, the layout on the screen)."""
    page.wait_for_function("""() => document.readyState === "complete" && document.fonts.status === "loaded"
        && !document.querySelector("form[data-checking]")""")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def axe(page, source):
    """axe-core's violations on the settled page (evaluated by the test, never served by the app)."""
    settled(page)
    page.evaluate(source + "\n;0")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]


def test_new_game_hints_seating_and_remembers_the_usual_game(live_server, page):
    page.goto(f"{live_server}/games/new")
    assert "Enter names in seating order: the deal goes round in that order" in page.inner_text("main")
    assert page.locator("#remembered-note").is_hidden()
    new_game(page, live_server, "sambola", "3", ("Ann", "Bob", "Cy"))
    page.goto(f"{live_server}/games/new")
    assert page.locator("input[name=ruleset][value=sambola]").is_checked()
    assert page.locator("#players-3").is_checked()
    assert page.locator(".player-name-input:visible").evaluate_all("xs => xs.map(x => x.value)") == ["Ann", "Bob", "Cy"]
    assert page.locator(".seat-choice:visible").all_inner_texts() == ["Ann", "Bob", "Cy"]
    assert page.locator("#remembered-note").is_visible()
    page.get_by_role("button", name="Start the game").click()    # no keystroke: the same players again
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert "Ann" in page.inner_text("main") and "Sambola" in page.inner_text("main")


def test_seats_at_a_table_of_four_are_named_by_the_compass(live_server, page):
    page.goto(f"{live_server}/games/new")
    page.evaluate("localStorage.clear()")
    page.reload()
    names = page.locator(".player-name-input:visible")
    assert names.evaluate_all("xs => xs.map(x => x.value)") == ["North", "South", "East", "West"]
    assert page.locator(".seat-choice:visible").all_inner_texts() == ["North", "East", "South", "West"]
    page.locator("input[name=ruleset][value=bolivia_plus]").check()
    page.locator("#players-6").check()
    assert page.locator(".seat-choice:visible").all_inner_texts() == [f"Player {n}" for n in range(1, 7)]
    page.locator("input[name=ruleset][value=bolivia]").check()
    page.locator("#players-4").check()
    names.nth(1).fill("Jean")                       # South is Jean now; the others keep their seats
    page.locator("label.seat-choice:visible").nth(1).click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert "Hand 1 is dealt by East." in page.locator("main").inner_text()


def test_every_problem_shows_at_once_beside_its_field_live_and_after_save(live_server, page):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(new_game(page, live_server) + "/hands/new")
    page.locator("label.pill", has_text="North-South").click()      # out without the sets
    red_threes(page, 0, 4).click()
    red_threes(page, 1, 3).click()                               # 7 red 3s: the pack holds 6
    page.locator("#team0-table_points").fill("12")               # not a multiple of 5
    page.locator("#team1-table_points").fill("50")
    beside = {"went_out": "cannot go out", "team0-table_points": "multiple of 5"}
    for when in ("live", "after Save"):
        if when == "after Save":
            page.get_by_role("button", name="Save hand 1").click()
            page.wait_for_selector("form[data-refused=yes]")
        for field, words in beside.items():
            expect(page.locator(f'[data-error-for="{field}"]')).to_contain_text(words)
        threes = page.locator('[data-error-for="team0-red_threes"], [data-error-for="team1-red_threes"]')
        expect(threes.filter(has_text="red 3s")).to_have_count(1)
        if when == "live":          # beside each field, nothing added above the form while it is filled in
            expect(page.locator("#refusal-summary")).to_be_hidden()
            expect(page.locator("#preview-status")).to_contain_text("Not ready to save yet: 3 things to fix, marked")
        else:
            expect(page.locator("#refusal-summary a")).to_have_count(3)


def test_nothing_red_until_the_counting_begins(live_server, page, output_dir):
    """A team chosen as out before its sets are entered is not yet a mistake: the form says what is still to
    enter, marks nothing and adds nothing above the sets; once a points box is filled in the check speaks."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(new_game(page, live_server) + "/hands/new")
    samba = plus(page, 0, "set_red_samba")
    top = samba.bounding_box()["y"]
    page.locator("label.pill", has_text="North-South").click()
    expect(page.locator("#preview-status")).to_contain_text("Still to enter")
    checked(page)
    assert page.locator(".field-error").count() == 0 and samba.bounding_box()["y"] == top
    samba.click()
    checked(page)
    assert page.locator(".field-error").count() == 0 and samba.bounding_box()["y"] == top
    page.screenshot(path=str(output_dir / "screens" / "hand_still_to_enter_1024x768.png"))
    points = page.locator("#team0-table_points")
    where = points.bounding_box()["y"]
    points.fill("100")
    expect(page.locator('[data-error-for="went_out"]')).to_contain_text("cannot go out")
    expect(page.locator("#preview-status")).to_contain_text(
        "Not ready to save yet: one thing to fix, marked in red: Who went out?")
    assert points.bounding_box()["y"] == where          # the message above it did not move the box in use
    page.screenshot(path=str(output_dir / "screens" / "hand_marked_live_1024x768.png"))


def test_a_save_without_who_went_out_says_not_saved_like_every_refusal(live_server, page):
    """Forgetting who went out is refused as any other reason is: the red "This hand was not saved" box and
    the same words beside Save, until it is chosen."""
    page.set_viewport_size({"width": 1024, "height": 768})
    game_url = new_game(page, live_server)
    page.goto(game_url + "/hands/new")
    page.locator("#team1-table_points").fill("120")
    expect(page.locator("#preview-status")).to_contain_text("Still to choose: who went out")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_selector("form[data-refused=yes]")
    summary = page.locator("#refusal-summary")
    expect(page.locator("#preview-status.is-problem")).to_contain_text("This hand was not saved")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("This hand was not saved")
    expect(summary.locator("a")).to_have_text("Who went out?")
    expect(page.locator(".went-out-box.has-error")).to_have_count(1)
    page.locator("label.pill", has_text="Nobody").click()
    expect(summary).to_be_hidden()
    expect(page.locator("#preview-status")).to_contain_text("Ready to save")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(game_url)
    assert hands_recorded(page, game_url) == 1


@pytest.mark.parametrize("width, height", [(1024, 768), (768, 1024), (390, 844), (512, 384)])
def test_the_rows_behind_a_fold_read_whole_when_opened(live_server, page, output_dir, width, height):
    """'More sets' and 'Black 3s left in hand' opened: each row's name stands on a line or two beside or above
    its - and +, never a letter to a line in a squeezed column."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(new_game(page, live_server) + "/hands/new")
    for team in (0, 1):
        for fold in page.locator(f".team-{team} details.more-sets > summary").all():
            fold.click()
    rows = page.locator("details.more-sets[open] > .row-stepper")
    assert rows.count() == 6                                 # Black and Red Bolivia, black 3s held, each team
    for row in rows.all():
        label = row.locator(".row-label")
        box, line = label.bounding_box(), label.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        name = label.inner_text().splitlines()[0]
        assert box["width"] >= 120 and box["height"] <= 3.5 * line, (name, box)
        assert row.evaluate("el => el.scrollWidth <= el.clientWidth"), f"{name} runs out of its row"
    no_sideways = page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert no_sideways
    (output_dir / "screens").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(output_dir / "screens" / f"hand_folds_open_{width}x{height}.png"), full_page=True)
