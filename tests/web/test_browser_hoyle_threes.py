"""Hoyle's melded black 3s in real Chromium: one big button each for none, 3 and 4, shown for the team
that went out; the live check scores them and refuses them for a team that did not go out.

Screenshots: tests/output/screens/hand_hoyle_*.png (light at three sizes, dark at 1024x768).
"""

import pytest
from playwright.sync_api import expect

from tests.web.test_browser_hand_form import AXE, axe, hands_recorded, new_game
from tests.web.test_browser_table import plus, shoot, wait_for_preview

pytestmark = pytest.mark.browser


def melded(page, team, words):
    """The button of a team's melded black 3s with these words ('None', '3', '4')."""
    return page.locator(f"section.team-card.team-{team} .row-black_threes_melded label.pill", has_text=words)


def fill_going_out(page):
    """North-South went out with a sequence and a natural canasta, 300 on the table."""
    page.locator("label.pill", has_text="North-South").click()
    plus(page, 0, "set_sequence").click()
    plus(page, 0, "set_natural_canasta").click()
    page.locator("#team0-table_points").fill("300")


def test_the_team_going_out_taps_3_and_the_hand_is_saved(live_server, page, output_dir):
    page.set_viewport_size({"width": 1024, "height": 768})
    game_url = new_game(page, live_server, "bolivia_hoyle")
    page.goto(game_url + "/hands/new")
    expect(page.locator(".team-0 .row-black_threes_melded")).to_be_hidden()     # nobody out yet
    fill_going_out(page)
    row = page.locator(".team-0 .row-black_threes_melded")
    expect(row).to_be_visible()
    expect(page.locator(".team-1 .row-black_threes_melded")).to_be_hidden()
    assert row.locator("label.pill").all_inner_texts() == ["None", "3", "4"]
    height = melded(page, 0, "3").bounding_box()["height"]
    assert height >= 48                                                          # a finger's width
    melded(page, 0, "3").click()
    expect(page.locator("#team0-black_threes_melded-3")).to_be_checked()
    wait_for_preview(page, "ready")
    expect(page.locator('[data-preview-team="0"] .preview-lines')).to_contain_text("Black 3s melded x3")
    shoot(page, output_dir, "hand_hoyle")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(game_url)
    assert hands_recorded(page, game_url) == 1


def test_melded_black_3s_for_a_team_that_did_not_go_out_are_marked(live_server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    game_url = new_game(page, live_server, "bolivia_hoyle")
    page.goto(game_url + "/hands/new")
    page.locator("label.pill", has_text="East-West").click()
    melded(page, 1, "4").click()
    page.locator("label.pill", has_text="North-South").click()      # a change of mind: 4 stays, and shows
    fill_going_out(page)
    wait_for_preview(page, "problem")
    row = page.locator(".team-1 .row-black_threes_melded")
    expect(row).to_be_visible()
    expect(row).to_contain_text("only the team going out may meld black 3s")


def test_dark_scheme_and_axe_on_the_hoyle_form(live_server, browser, output_dir):
    context = browser.new_context(color_scheme="dark", viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        page.goto(new_game(page, live_server, "bolivia_hoyle") + "/hands/new")
        fill_going_out(page)
        melded(page, 0, "4").click()
        wait_for_preview(page, "ready")
        shoot(page, output_dir, "hand_hoyle_dark", ((1024, 768),))
        if AXE.exists():
            assert axe(page, AXE.read_text()) == []
    finally:
        context.close()
