"""The printed score sheet and the blank score pads, read back from the PDF with pypdf.

Every PDF is written to tests/output/pdf/ with its pages as PNG (pdftoppm -r 70) for people to look at.
"""
from __future__ import annotations

import html
import io
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from app.extensions import db
from app.store.game.models import Game
from app.rules.numbers import points, signed
from app.rules import all_rulesets, describe_ruleset, get_ruleset
from app.store.game.states import state_of
from app.sheets.sample import sample_game
from app.render.sheet import PAD_ROWS, PAD_ROWS_THREE, game_sheet
from tests.web.club_support import public_club


@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

MINUS = "\u2212"


def save(output_dir, name: str, data: bytes) -> None:
    """Keep the PDF and its pages as PNG under tests/output/pdf/."""
    folder = output_dir / "pdf"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{name}-*.png"):
        old.unlink()
    path = folder / f"{name}.pdf"
    path.write_bytes(data)
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "70", "-png", str(path), str(folder / name)], check=True)


def fetch(client, url: str, output_dir, name: str) -> PdfReader:
    """GET a PDF, check it is one, save it and read it back."""
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    save(output_dir, name, response.data)
    return PdfReader(io.BytesIO(response.data))


def page_texts(reader: PdfReader) -> list[str]:
    """Each page's text with runs of spaces and line breaks made single spaces."""
    return [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]


def size_mm(page) -> tuple[float, float]:
    """A page's width and height in millimetres."""
    box = page.mediabox
    return float(box.width) * 25.4 / 72, float(box.height) * 25.4 / 72


def fonts_of(reader: PdfReader) -> dict[str, bool]:
    """Every font on every page and whether its glyphs are embedded in the file."""
    found = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            found[str(font["/BaseFont"])] = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return found


def made(app, **kwargs) -> tuple[int, object]:
    """A sample game stored through the store's write paths, and its score sheet."""
    with app.app_context():
        game = sample_game(**kwargs)
        return game.id, game_sheet(game)


# --- a game's score sheet ---------------------------------------------------------------------------


def test_finished_game_sheet_holds_names_totals_and_winner(app, client, output_dir):
    game_id, sheet = made(app, ruleset_id="bolivia", hands=12, team_size=2, finished=True, seed=3)
    response = client.get(f"/games/{game_id}/sheet.pdf")
    assert response.headers["Content-Disposition"] == f'inline; filename="treys-game-{game_id}-sheet.pdf"'
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-finished")
    pages = page_texts(reader)
    text = " ".join(pages)

    assert len(reader.pages) <= 2
    width, height = size_mm(reader.pages[0])
    assert (round(width), round(height)) == (297, 210)       # A4 landscape: the sheet fills it in large type
    assert f"Page 1 of {len(reader.pages)}" in pages[0]
    assert app.config["CLUB_NAME"] in text
    assert "Bolivia" in text and "Play to: " + points(sheet.target) in text
    assert sheet.table_label in text
    for team in sheet.teams:
        assert team.name in text
        for player in team.players:
            assert player in text
    for row in sheet.rows:
        for cell in row.cells:
            assert points(cell.total) in text, f"hand {row.number}: total {cell.total} missing"
    assert f"Winner: {sheet.winner} with {points(max(t.total for t in sheet.teams))}" in text
    assert "★ WINNER" in text
    assert "In progress" not in text and "IN PROGRESS" not in text
    assert "Red Samba" in text and "WENT OUT:" in text            # in words, no key needed
    for shorthand in ("Key to sets", "Min.", "conc.", "1/1h"):
        assert shorthand not in text
    assert not re.search(r"(?<!WENT )\bOUT\b", text)             # no bare "OUT" marker


def test_fonts_are_embedded_and_text_selectable(app, client, output_dir):
    game_id, _ = made(app, hands=3, finished=False)
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-fonts")
    fonts = fonts_of(reader)
    assert fonts and all(fonts.values()), fonts
    assert all("DejaVu" in name for name in fonts), fonts
    assert "Score sheet" in page_texts(reader)[0]


def test_long_game_spans_few_pages_with_headings_on_each(app, client, output_dir):
    game_id, sheet = made(app, ruleset_id="bolivia", hands=40, team_size=3, finished=True, seed=1)
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-40-hands")
    pages = page_texts(reader)
    count = len(pages)

    assert 3 <= count <= 5, f"40 hands took {count} pages"
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {count}" in text
        # the column headings (thead) repeat on every page, team names and players included
        for heading in ("Hand", "Dealer", "Sets and 3s", "Bonus", "Cards", "Penal", "score", "Total", "Next"):
            assert heading in text, f"page {number} lacks the heading {heading!r}"
        for team in sheet.teams:
            assert team.name in text and team.players[0] in text
        assert f"Game {game_id}" not in text and str(game_id) not in text     # never by its number
    heads = " ".join(" ".join(text.split()) for text in pages)
    assert " v ".join(team.name for team in sheet.teams) in heads              # the running head names the teams
    # every total is printed, and no hand's row is split across pages: each row's figures share a page
    for row in sheet.rows:
        figures = [points(cell.total) for cell in row.cells] + [points(cell.score) for cell in row.cells]
        assert any(all(f in text for f in figures) for text in pages), f"hand {row.number} split or missing"
    assert "★ WINNER" in pages[-1] and "Final totals" in pages[-1]
    assert "Checked by:" in pages[-1]


def test_game_in_progress_is_marked_on_every_page(app, client, output_dir):
    game_id, sheet = made(app, ruleset_id="bolivia_plus", hands=30, team_size=3, finished=False, seed=2)
    assert sheet.in_progress
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-in-progress")
    pages = page_texts(reader)
    assert len(pages) >= 2
    assert "In progress – not a final result" in pages[0]
    assert f"next dealer: {sheet.next_dealer}" in pages[0]
    for text in pages:
        assert "IN PROGRESS – not final" in text
    assert "Totals so far" in pages[-1]
    assert "WINNER" not in " ".join(pages)
    for team in sheet.teams:
        assert points(team.total) in pages[-1]


def test_game_without_hands_prints(app, client, output_dir):
    game_id, _ = made(app, hands=1, finished=False)
    with app.app_context():
        game = db.session.get(Game, game_id)
        game.hands.clear()
        db.session.commit()
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-no-hands")
    assert "In progress" in page_texts(reader)[0]


def test_three_players_sambola_prints_landscape(app, client, output_dir):
    game_id, sheet = made(app, ruleset_id="sambola", hands=14, team_count=3, team_size=1, finished=True,
                          variations={"solo_go_out": "two_sets"})
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-sambola-3-players")
    for page in reader.pages:
        width, height = size_mm(page)
        assert width > height and (round(width), round(height)) == (297, 210)
    text = " ".join(page_texts(reader))
    for team in sheet.teams:
        assert team.name in text and points(team.total) in text
    assert "playing alone" in text
    assert "Going out when each plays alone: two sets" in text


def test_negative_figures_use_a_real_minus(app, client, output_dir):
    from app.rules import TeamEntry
    from app.store.game.games import create_game
    from app.store.game.hands import add_hand
    with app.app_context():
        game = create_game("bolivia", {}, [{"name": "North", "players": ["Ann", "Bob"]},
                                           {"name": "South", "players": ["Cath", "Dan"]}])
        add_hand(game, [TeamEntry(red_threes=6, melded=False, hand_points=600, black_threes_in_hand=2),
                        TeamEntry(sets={"red_samba": 1, "red_bolivia": 1, "black_bolivia": 1, "red_canasta": 3},
                                  table_points=1100, went_out=True, concealed=True, black_threes_melded=4)])
        game_id, totals = game.id, state_of(game).totals
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-extremes")
    text = page_texts(reader)[0]
    assert totals[0] < 0 and f"{MINUS}{-totals[0]:,}" in text
    assert f"{MINUS}1,200" in text                         # six red 3s of a team that never melded
    assert "WENT OUT CONCEALED:" in text and "NOT MELDED." in text
    assert "Black 3s in hand" in text                      # a penalty named in its own column


def test_unknown_game_is_a_friendly_404(client):
    response = client.get("/games/999999/sheet.pdf")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "There is no game number 999999" in response.get_data(as_text=True)


# --- blank score pads ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", [r.id for r in all_rulesets()])
def test_pad_for_each_ruleset_carries_its_scoring(client, output_dir, ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    response = client.get(f"/rulesets/{ruleset_id}/pad.pdf")
    assert response.headers["Content-Disposition"] == f'inline; filename="treys-{ruleset_id}-pad.pdf"'
    reader = fetch(client, f"/rulesets/{ruleset_id}/pad.pdf", output_dir, f"pad-{ruleset_id}")
    pages = page_texts(reader)
    text = " ".join(pages)

    assert len(pages) == 2, "the pad is one page to write on and the rules on the back"
    width, height = size_mm(reader.pages[0])
    assert (round(width), round(height)) == (210, 297)
    grid = pages[0]
    for heading in ("Hand", "Dealer", "Sets and 3s", "Bonus", "Cards", "Total", "Next", "Final totals"):
        assert heading in grid
    assert re.search(r"\b19 20 Final totals", grid), "twenty numbered hand rows on the first page"
    assert ruleset.name in text and points(ruleset.target) in text
    for set_type in ruleset.set_types:
        assert f"{set_type.name} ({points(set_type.bonus)})" in grid           # the key under the grid
        assert f"{set_type.name}: {set_type.description}" in pages[1]
        assert points(set_type.bonus) in pages[1]
    rules = pages[1]
    assert ruleset.requirement.words in rules
    assert f"Going out earns {signed(ruleset.going_out_bonus)}." in rules
    for row in describe_ruleset(ruleset).meld_rows:
        assert f"{row.label} {row.minimum}" in rules
    assert "Red 3s " + " ".join(str(n) for n in range(1, len(ruleset.red_three_table))) in rules
    assert "Points " + " ".join(points(p) for p in ruleset.red_three_table[1:]) in rules
    assert f"A black 3 left in a hand: {signed(ruleset.black_three_in_hand_points)} each." in rules
    for reading in ruleset.house_readings:
        assert reading[:40] in rules


def test_pad_for_three_players_is_landscape(client, output_dir):
    reader = fetch(client, "/rulesets/sambola/pad.pdf?teams=3", output_dir, "pad-sambola-3-players")
    pages = page_texts(reader)
    assert len(pages) == 2
    for page in reader.pages:
        width, height = size_mm(page)
        assert width > height
    assert "Player 3" in pages[0]
    assert re.search(rf"\b{PAD_ROWS_THREE} Final totals", pages[0])
    assert PAD_ROWS_THREE < PAD_ROWS


def test_pad_takes_variations(client, output_dir):
    reader = fetch(client, "/rulesets/bolivia_plus/pad.pdf?decks=german", output_dir, "pad-bolivia_plus-german")
    text = " ".join(page_texts(reader))
    assert "Play to: 25,000" in text and "Decks: german" in text
    assert client.get("/rulesets/bolivia_plus/pad.pdf?decks=swiss").status_code == 400
    assert client.get("/rulesets/bolivia/pad.pdf?teams=5").status_code == 400


def test_unknown_ruleset_pad_is_a_404(client):
    response = client.get("/rulesets/whist/pad.pdf")
    assert response.status_code == 404
    assert "There is no rule set 'whist'" in html.unescape(response.get_data(as_text=True))


# --- cache, ETag and print-all ------------------------------------------------------------------------


def test_repeat_download_is_cached_and_revalidated_by_etag(app, client):
    game_id, _ = made(app, hands=4, finished=False)
    first = client.get(f"/games/{game_id}/sheet.pdf")
    assert first.status_code == 200, first.status_code
    etag = first.headers["ETag"]
    assert etag and first.headers["Cache-Control"] == "private, no-cache"
    again = client.get(f"/games/{game_id}/sheet.pdf")
    assert again.data == first.data and again.headers["ETag"] == etag            # served from memory
    not_modified = client.get(f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": etag})
    assert not_modified.status_code == 304 and not_modified.data == b""
    with app.app_context():                                                     # a new hand: a new version
        from app.rules import TeamEntry
        from app.store.game.hands import add_hand
        game = db.session.get(Game, game_id)
        add_hand(game, [TeamEntry(table_points=50), TeamEntry(table_points=60)])
    changed = client.get(f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "5 hands played" in page_texts(PdfReader(io.BytesIO(changed.data)))[0]


def test_render_sheets_puts_several_games_in_one_pdf(app, output_dir):
    from app.render.sheet_pdf import render_sheets
    with app.app_context(), app.test_request_context():
        games = [sample_game("bolivia", hands=5, finished=False, seed=s, table_label=f"Table {s}") for s in (1, 2)]
        data = render_sheets(games)
        save(output_dir, "print-all", data)
        ids = [g.id for g in games]
        team_names = [" v ".join(team.name for team in g.teams) for g in games]
    pages = page_texts(PdfReader(io.BytesIO(data)))
    assert len(pages) == 2
    for number, (text, game_id) in enumerate(zip(pages, ids), start=1):
        names = team_names[number - 1]
        assert f"Score sheet, Table {number}" in text and f"Table {number} · {names}" in " ".join(text.split())
        assert str(game_id) not in text
        assert "Page 1 of 1" in text                                   # each sheet numbered on its own


# --- a long game's sheet ------------------------------------------------------------------------------------


def test_forty_hand_game_prints_every_hand_total_and_the_winner(app, client, output_dir):
    game_id, sheet = made(app, ruleset_id="bolivia", hands=40, team_size=3, finished=True, seed=4)
    assert len(sheet.rows) == 40 and sheet.winner
    reader = fetch(client, f"/games/{game_id}/sheet.pdf", output_dir, "game-40-hands-winner")
    pages = page_texts(reader)
    text = " ".join(pages)
    for row in sheet.rows:
        for team, cell in zip(sheet.teams, row.cells):
            # hand score, total and next minimum stand side by side in one run, in that order
            run = f"{points(cell.score)} {points(cell.total)} {cell.next_minimum}"
            assert run in text, f"hand {row.number}, {team.name}: {run!r} missing"
    winner = next(team for team in sheet.teams if team.is_winner)
    assert f"Winner: {sheet.winner} with {points(winner.total)}" in pages[0]
    assert f"Final totals: {', '.join(f'{t.name} {points(t.total)}' for t in sheet.teams)}" in pages[0]
    assert "★ WINNER" in pages[-1] and "Final totals" in pages[-1]
    for team in sheet.teams:
        assert points(team.total) in pages[-1]
