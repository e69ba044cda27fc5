"""Help in the app: the organiser's and player's guides rendered from docs/*.md, linked from every page's footer,
the hand form and the board; their pictures made here in Chromium (so they stay true to the app); AAA contrast
on the help pages in both colour schemes."""
import re
from pathlib import Path

import pytest
from PIL import Image

from app.guides.views import GUIDES
from tests.conftest import HELP_PICTURES
from tests.web.club_support import login, open_session, organiser
from tests.web.pages_support import open_game
from tests.web.test_browser_hand_form import settled
from tests.web.test_browser_table import plus, red_threes
from tests.web.test_browser_contrast import SCHEMES, afternoon, axe_source, organiser_pages, violations  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
HEADINGS = {
    "organiser": ["The organiser's guide", "First start", "Players", "An afternoon step by step", "The board",
                  "Call time", "Results", "Printing", "The season's ladder", "Backup and restore"],
    "player": ["The player's guide", "The table code", "Entering a hand", "Correcting a hand", "When the wifi drops"],
    "reference": ["How Treys works things out", "The draw", "Seats set by hand: what is refused", "The ladder",
                  "Form"],
}


def headings(page: str) -> list[str]:
    """The text of every h1, h2 and h3 of a page."""
    return [re.sub(r"<[^>]+>", "", h).replace("&#39;", "'")
            for h in re.findall(r"<h[123][^>]*>(.*?)</h[123]>", page, re.S)]


def test_the_help_index_lists_both_guides_the_rules_and_the_api(client):
    page = client.get("/help")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert headings(text)[0] == "Help"
    for href in ("/help/organiser", "/help/player", "/help/reference", "/rules", "/help/api"):
        assert f'href="{href}"' in text


@pytest.mark.parametrize("slug", sorted(HEADINGS))
def test_a_guide_is_its_markdown_file_rendered_with_its_headings(client, slug):
    page = client.get(f"/help/{slug}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert [h for h in HEADINGS[slug] if h not in headings(text)] == []
    guide = next(g for g in GUIDES if g.slug == slug)
    source = (ROOT / "docs" / guide.file).read_text()
    assert headings(text)[0] == source.splitlines()[0].removeprefix("# ")        # the same file, no second copy


def test_the_guides_link_to_each_other_and_show_their_pictures_from_the_app(client):
    organiser_page = client.get("/help/organiser").get_data(as_text=True)
    player_page = client.get("/help/player").get_data(as_text=True)
    assert 'href="/help/player"' in organiser_page
    assert 'src="/static/help/board.png"' in organiser_page and 'src="/static/help/hand-form.png"' in player_page
    assert client.get("/static/help/board.png").status_code == 200
    assert client.get("/static/help/hand-form.png").status_code == 200
    assert client.get("/help/nothing").status_code == 404


def test_the_organisers_guide_keeps_to_what_to_do_and_points_to_the_reference(client):
    guide = client.get("/help/organiser").get_data(as_text=True)
    reference = client.get("/help/reference").get_data(as_text=True)
    for anchor in ("the-draw", "seats-set-by-hand-what-is-refused", "the-ladder", "form"):
        assert f'href="/help/reference#{anchor}"' in guide and f'id="{anchor}"' in reference
    for moved in ("chooses the tables in this order", "Everyone starts at 25", "then by the sum of margins"):
        assert moved in reference and moved not in guide          # said once, in the reference


@pytest.mark.parametrize("path", ["/", "/rules", "/rules/bolivia", "/sets/check", "/help", "/help/player", "/setup"])
def test_every_page_s_footer_links_to_the_help(client, path):
    text = client.get(path).get_data(as_text=True)
    footer = text[text.index('<footer class="site-footer">'):]
    assert '<a class="help-link" href="/help">Help: how do I ...?</a>' in footer


def test_the_hand_form_and_the_board_ask_how_do_i(app, client):
    game_id = open_game(client)
    hand_form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert '<a href="/help/player#entering-a-hand">How do I enter a hand?</a>' in hand_form
    assert 'id="entering-a-hand"' in client.get("/help/player").get_data(as_text=True)
    organiser(app)
    login(client)
    session = open_session(client).get_json()
    board = client.get(f"/club/sessions/{session['id']}/board").get_data(as_text=True)
    assert '<a href="/help/organiser#the-board">How do I use the board?</a>' in board
    assert 'id="the-board"' in client.get("/help/organiser").get_data(as_text=True)


def small_png(path):
    """The picture kept small: at most 256 colours, compressed as far as PNG goes."""
    with Image.open(path) as picture:
        smaller = picture.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    smaller.save(path, optimize=True)


@pytest.mark.browser
def test_the_help_pictures_are_taken_from_the_hand_form_and_the_board(organiser_pages, afternoon):
    base_url, paths = afternoon
    page = organiser_pages["light"]
    HELP_PICTURES.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(base_url + paths["hand form"])
    page.locator(".went-out-pills label.pill").nth(1).click()              # the first team went out
    for name in ("set_red_samba", "set_red_canasta"):
        plus(page, 0, name).click()
    red_threes(page, 0, 2).click()
    page.locator("#team0-table_points").fill("485")
    page.locator("#team1-table_points").fill("120")
    page.locator("#team1-hand_points").fill("35")
    page.wait_for_selector("#preview-status.is-ready")
    settled(page)
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    page.screenshot(path=str(HELP_PICTURES / "hand-form.png"))
    small_png(HELP_PICTURES / "hand-form.png")
    page.goto(base_url + paths["board"])
    page.wait_for_selector(".board-table")
    page.screenshot(path=str(HELP_PICTURES / "board.png"))
    for name in ("hand-form.png", "board.png"):
        picture = (HELP_PICTURES / name).read_bytes()
        assert picture.startswith(b"\x89PNG") and len(picture) > 20_000, name


@pytest.mark.browser
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", ["/help", "/help/organiser", "/help/player", "/help/api"])
def test_no_aaa_violation_on_the_help_pages(organiser_pages, afternoon, axe_source, scheme, path):
    page = organiser_pages[scheme]
    page.goto(afternoon[0] + path)
    assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
    assert violations(page, axe_source) == []


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_reference_reads_on_a_laptop_and_a_phone(live_server, browser, output_dir, scheme):
    from tests.web.test_browser_table import no_sideways_scroll
    for width, height in ((1024, 768), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
        page = context.new_page()
        page.goto(f"{live_server}/help/reference")
        assert page.locator("h1").inner_text() == "How Treys works things out"
        no_sideways_scroll(page)
        (output_dir / "screens").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(output_dir / "screens" / f"help_reference_{width}x{height}_{scheme}.png"),
                        full_page=True)
        context.close()
