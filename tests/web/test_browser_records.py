"""The records page and the season ladder in Chromium: a season added, screenshots to look at."""
from datetime import date

import pytest

from tests.conftest import served
from tests.web.test_api_games import GAMES_TO_PLAY
from tests.web.test_browser_club import log_in
from tests.web.test_browser_table import SIZES, shoot

pytestmark = pytest.mark.browser

OUT, OTHER = GAMES_TO_PLAY["bolivia"][1], GAMES_TO_PLAY["bolivia"][3]
SIZES_AND_PROJECTOR = (*SIZES, (1920, 1080))
TABLES = [(["Margaret Wilson", "Bob Jones"], ["Cy Young", "Di Brown"]),
          (["Eve Adams", "Flo Green"], ["Margaret Wilson", "Cy Young"]),
          (["Bob Jones", "Di Brown"], ["Eve Adams", "Gus Hall"])]


def finish_game(page, live_server, us, them):
    """A bolivia game played to the end through the JSON API; the first team wins."""
    game = page.request.post(f"{live_server}/api/v1/games", data={
        "ruleset": "bolivia", "teams": [{"name": "Us", "players": us}, {"name": "Them", "players": them}]}).json()
    while True:
        answer = page.request.post(f"{live_server}/api/v1/games/{game['id']}/hands", data={"teams": [OUT, OTHER]},
                                   headers={"X-Table-Code": game["table_code"]}).json()
        if answer["game"]["game_over"]:
            return


@pytest.fixture
def ladder_server(tmp_path_factory):
    """A server of its own: a season's ladder counts every game of the year, and on the shared server other
    tests play games with the same names (who qualifies and who leads would depend on which ran first)."""
    with served(tmp_path_factory, "treys_records_ladder", WTF_CSRF_ENABLED=True, GAMES_PER_MINUTE=10**6) as (_, url):
        yield url


def test_season_ladder_on_a_tablet_and_a_projector(ladder_server, browser, output_dir):
    live_server = ladder_server
    page = browser.new_context().new_page()
    log_in(page, live_server)
    for us, them in TABLES * 2:
        finish_game(page, live_server, us, them)
    page.goto(f"{live_server}/records/")
    page.get_by_text("Import the club's players from a CSV file").click()
    page.set_input_files("input[name=file]", files=[{"name": "members.csv", "mimeType": "text/csv",
                         "buffer": "First name,Surname\nMargaret,Wilson\nBob,Jones\n".encode()}])
    page.get_by_role("button", name="Import the players").click()
    page.wait_for_url("**/records/")
    if not page.get_by_label("Season name").is_visible():
        page.get_by_text("Add a season", exact=True).click()
    page.get_by_label("Season name").fill(f"Season {date.today().year}")
    page.get_by_label("First day").fill(f"{date.today().year}-01-01")
    page.get_by_label("Last day").fill(f"{date.today().year}-12-31")
    page.get_by_role("button", name="Add the season").click()
    page.wait_for_url("**/records/seasons/*")
    assert page.locator("h1").inner_text() == f"Ladder — Season {date.today().year}"
    first = page.locator(".ladder-table tbody tr").first.inner_text()
    assert first.startswith("1") and "100 %" in first.replace("\xa0", " ")
    shoot(page, output_dir, "records_ladder", SIZES_AND_PROJECTOR)
    ladder_url = page.url
    page.get_by_role("link", name="Margaret Wilson").click()
    page.wait_for_url("**/records/players/*")
    assert page.locator("main h2").filter(has_text="Partners").count() == 1
    shoot(page, output_dir, "records_player", SIZES_AND_PROJECTOR)
    page.goto(ladder_url + "?projector=1")
    page.set_viewport_size({"width": 1920, "height": 1080})
    assert page.locator(".ladder-projector").count() == 1
    page.screenshot(path=str(output_dir / "records_ladder_projector_1920x1080.png"), full_page=True)
    page.goto(f"{live_server}/records/")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.screenshot(path=str(output_dir / "records_page_1024x768.png"), full_page=True)
    headings = page.locator("main h2").all_inner_texts()
    assert headings.index("The club's players") < headings.index("Download a backup") < headings.index(
        "Restore a backup (on a new install)")                       # the afternoon's tools first, restore last
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 2 * 768, f"the records page is {height / 768:.1f} screens high"
    page.get_by_text("Two entries for the same person? Merge them").click()
    keep, other = page.locator("select[name=keep]"), page.locator("select[name=other]")
    assert keep.input_value() == other.input_value() == ""           # nobody chosen until the organiser chooses
    assert keep.locator("option:checked").inner_text() == "Choose a player"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(output_dir / f"records_page_merge_{scheme}_1024x768.png"), full_page=True)
    page.emulate_media(color_scheme="light")
    page.get_by_role("link", name="See and change the list of players").click()
    page.wait_for_url("**/records/players")
    row = page.locator(".roster-row", has_text="Bob Jones")
    assert "4 games" in row.inner_text()          # typed before the list was imported, still his
    row.get_by_label("Short name").fill("Bob J")
    row.get_by_label("Active").uncheck()
    row.get_by_role("button", name="Save Bob Jones").click()
    page.wait_for_url("**/records/players")
    assert "Saved: Bob Jones (Bob J) is no longer active" in page.locator("main").inner_text()
    shoot(page, output_dir, "records_players", SIZES_AND_PROJECTOR)
    page.context.close()

