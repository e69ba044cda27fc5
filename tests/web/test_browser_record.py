"""The game record, the stored-hand warning and ending a game, as a tablet shows them (real Chromium)."""
import re

from playwright.sync_api import expect

from tests.web.test_browser_table import shoot
from tests.web.test_game_record import TYPICAL, store_refused_hand
from tests.web.pages_support import open_game, post_hand


def api(page, live_server, method, path, body=None, code=None):
    """A JSON request from the browser's context (no page)."""
    headers = {"X-Table-Code": code} if code else {}
    answer = page.request.fetch(f"{live_server}/api/v1{path}", method=method, data=body, headers=headers)
    assert answer.ok, answer.text()
    return answer.json()


def test_record_lines_and_ending_a_game_on_a_tablet(page, live_server, output_dir):
    game = api(page, live_server, "POST", "/games", {"ruleset": "bolivia", "table": "Table 2", "teams": [
        {"name": "Jets", "players": ["Ann", "Bob"]}, {"name": "Sharks", "players": ["Cy", "Di"]}]})
    hand = [{"sets": {"red_samba": 1, "red_canasta": 1}, "table_points": 450, "went_out": True},
            {"sets": {"black_canasta": 1}, "table_points": 150, "hand_points": 40}]
    for _ in range(2):
        state = api(page, live_server, "POST", f"/games/{game['id']}/hands", {"teams": hand}, game["table_code"])
    hand[0]["table_points"] = 540
    api(page, live_server, "PUT", f"/games/{game['id']}/hands/1",
        {"teams": hand, "version": state["game"]["version"]}, game["table_code"])
    page.goto(f"{live_server}/games/{game['id']}")
    record = page.locator(".game-record")
    expect(record).to_contain_text(re.compile(r"Hand 1 corrected at \d\d:\d\d by the API: Jets table points 450 -> 540"))
    # a casual game (no session, so no organiser to ask): the tablet that opened it holds the code
    expect(page.locator(".code-line")).to_contain_text(f"Table code of this game: {game['table_code']}")
    shoot(page, output_dir, "record_game_page")
    page.goto(f"{live_server}/games/{game['id']}/end")
    expect(page.locator("h1")).to_have_text("End this game now?")
    expect(page.locator(".confirm")).to_contain_text("Jets win on the higher total")
    shoot(page, output_dir, "record_end_confirm")
    page.get_by_role("button", name="Yes, end the game now").click()
    expect(page.locator(".winner-banner")).to_contain_text("Jets won!")
    expect(page.locator(".game-record")).to_contain_text("Game ended early")
    shoot(page, output_dir, "record_game_ended")


def test_a_stored_hand_todays_rules_refuse_shows_a_warning(app, client, page, live_server, output_dir):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    store_refused_hand(app, game_id)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    page.goto(f"{live_server}/")
    page.set_content(html.replace("<head>", f'<head><base href="{live_server}/">', 1))
    expect(page.locator(".message-warning")).to_contain_text("Hand 2: North-South cannot go out")
    expect(page.locator(".mark-warning")).to_have_count(1)
    shoot(page, output_dir, "record_stored_hand_warning")
