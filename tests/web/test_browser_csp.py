"""The Content-Security-Policy in a real browser: every page's scripts still run, nothing is blocked."""
import re

import pytest

pytestmark = pytest.mark.browser


def test_pages_run_their_scripts_under_the_csp(page, live_server, output_dir):
    blocked = []
    page.on("console", lambda message: blocked.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text else None)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{live_server}/games/new")
    assert page.evaluate("document.documentElement.classList.contains('js')")     # static/js/early.js ran
    page.get_by_role("button", name="Start the game").click()
    game_url = page.url
    for url in (game_url, f"{game_url}/hands/new", f"{live_server}/sets/check", f"{live_server}/rules", f"{live_server}/"):
        page.goto(url)
        assert page.evaluate("document.documentElement.classList.contains('js')"), url
    page.goto(f"{game_url}/hands/new")
    page.screenshot(path=str(output_dir / "csp-hand-1024x768.png"), full_page=True)
    assert not blocked, blocked


SIZES = ((1024, 768), (768, 1024), (390, 844))


def test_the_code_brake_page_in_a_browser(browser, live_server, output_dir):
    opener = browser.new_context()
    page = opener.new_page()
    page.goto(f"{live_server}/games/new")
    page.get_by_role("button", name="Start the game").click()
    game_url = page.url
    opener.close()
    tablet = browser.new_context()                      # another tablet, without the code
    page = tablet.new_page()
    page.goto(f"{game_url}/hands/new")
    for _ in range(6):
        page.locator("#code").fill("99999")
        page.get_by_role("button", name="Continue").click()
    alert = page.get_by_role("alert")
    words = alert.inner_text()                               # 15 s, less the time the page took to show
    assert re.search(r"Please wait 1[0-5] seconds", words) and "organiser" in words, words
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(output_dir / f"brake-wait-{width}x{height}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    tablet.close()
