"""The printed sheet's composed lines: each hand one block of text, padded to its columns, and the columns
read back from the PDF where app/sheets/lines.py and its strips put them (pdftotext -bbox).
"""
from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from app.rules import TeamEntry, all_rulesets
from app.services import add_hand, create_game
from app.sheets import metrics
from app.sheets.figures import figure_columns
from app.sheets.lines import (HAND_PX, LINE_PX, cell_words, pt, printed_hand, text_start_pt)
from app.sheets.pdf import render_sheets, sheets_html
from app.sheets.sample import sample_game
from app.sheets.strips import HEADINGS, PLAIN, RULE, SCALE, SHADED, rule_columns, strip_png
from app.sheets.view import game_sheet

FONTS = Path("/usr/share/fonts/truetype/dejavu")
#: The page's left margin (sheet_print.css: 8.8 mm), in points.
LEFT_PT = 8.8 * 72 / 25.4
FIGURE = re.compile(r"^\u2212?[0-9][0-9,]*$")


def words_of(pdf: bytes, tmp_path) -> list[list[tuple[float, float, float, str]]]:
    """Each page's words as (x min, x max, y min, text), read by pdftotext -bbox."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    xml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in xml.split("<page ")[1:]:
        pages.append([(float(a), float(c), float(b), word) for a, b, c, word in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', page)])
    return pages


def lines_of(words) -> dict[float, list[tuple[float, float, float, str]]]:
    """A page's words grouped by line (their top edge), left to right."""
    lines: dict[float, list] = {}
    for word in words:
        lines.setdefault(round(word[2], 1), []).append(word)
    return {y: sorted(found) for y, found in sorted(lines.items())}


def clusters(values, width: float) -> list[float]:
    """The values grouped where they lie within `width` of each other: one mean a group."""
    groups: list[list[float]] = []
    for value in sorted(values):
        if groups and value - groups[-1][0] <= width:
            groups[-1].append(value)
        else:
            groups.append([value])
    return [sum(group) / len(group) for group in groups]


def test_each_hand_is_one_block_of_text_without_cells_or_tabs(app):
    with app.app_context(), app.test_request_context():
        game = sample_game("bolivia", hands=40, team_size=3, finished=False, seed=1)
        html = sheets_html([game])
    assert len(re.findall(r'<p class="r[ "]', html)) == 41          # the 40 hands and the totals
    assert "<table" not in html and "<td" not in html
    assert "\t" not in html            # WeasyPrint 70 draws a tab wider than it lays it out (app/sheets/metrics.py)


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="pdftotext (poppler-utils, make system-deps) missing")
@pytest.mark.parametrize("ruleset_id, team_count, team_size", [("bolivia", 2, 3), ("sambola", 3, 1)])
def test_figures_and_words_stand_in_their_columns_on_every_page(app, tmp_path, ruleset_id, team_count, team_size):
    with app.app_context(), app.test_request_context():
        game = sample_game(ruleset_id, hands=40, team_count=team_count, team_size=team_size, finished=False, seed=2)
        sheet = game_sheet(game)
        columns = figure_columns(sheet)
        pdf = render_sheets([game])
    starts = [LEFT_PT + text_start_pt(index, team_count) for index in range(team_count)]
    hand_end = LEFT_PT + pt(HAND_PX)
    # where each figure column ends: every figure, and every heading word, must end there
    ends = [LEFT_PT + pt(HAND_PX) + index * (text_start_pt(1, team_count) - text_start_pt(0, team_count))
            + 5 + sum(c.points for c in columns[:n + 1]) for index in range(team_count) for n in range(len(columns))]
    pages = words_of(pdf, tmp_path)
    assert len(pages) >= 3
    figure_ends = []
    for number, words in enumerate(pages, start=1):
        headings_end = min(w[2] for w in words if w[3] == "Sets")        # the headings' last line
        for y, line in lines_of(words).items():
            after_hand = [w for w in line if w[0] > hand_end]
            if y <= headings_end or y > 560 or not after_hand or line[0][3] == "Checked":   # footer below 560pt
                continue
            if len(after_hand) >= 3 and all(FIGURE.match(w[3]) for w in after_hand):      # a hand's figures
                figure_ends += [w[1] for w in after_hand]
            else:
                # a line of words: its first word after the hand column starts at a team's column
                first = after_hand[0][0]
                assert min(abs(first - s) for s in starts) < 1.2, (number, line)
        names = [w for w in words if w[3] in {t.name.split()[0] for t in sheet.teams}]
        for index, team in enumerate(sheet.teams):            # each team's name over its column on every page
            assert any(abs(w[0] - starts[index]) < 1.2 for w in names if w[3] == team.name.split()[0]), number
    # figures end in as many places as there are columns (digits end flush: within a quarter point)
    found = clusters(figure_ends, 0.5)
    assert len(found) <= len(ends), found
    for end in found:
        assert min(abs(end - e) for e in ends) < 0.6, (end, ends)


def test_a_dealer_named_in_another_script_has_a_line_of_its_own(app):
    with app.app_context():
        game = create_game("bolivia", {}, [{"name": "North", "players": ["张伟", "Bob"]},
                                           {"name": "South", "players": ["Cath", "Dan"]}])
        add_hand(game, [TeamEntry(sets={"red_samba": 1, "red_canasta": 1}, went_out=True, table_points=300),
                        TeamEntry(table_points=100)])
        sheet = game_sheet(game)
    row = sheet.rows[0]
    lines = printed_hand(row, figure_columns(sheet), False).text.split("\n")
    assert lines[1].strip() == row.dealer_short           # the name, and nothing after it to push out of place
    assert cell_words(row.cells[0]) in lines[2]


def test_engine_words_and_common_names_are_measured_exactly(app):
    for ruleset in all_rulesets():
        for set_type in ruleset.set_types:
            assert metrics.measurable(f"2\u00a0{set_type.name}s"), set_type.name
    with app.app_context():
        for ruleset_id in ("bolivia", "sambola", "bolivia_plus", "bolivia_classic", "bolivia_hoyle"):
            sheet = game_sheet(sample_game(ruleset_id, hands=30, finished=False, seed=3))
            for row in sheet.rows:
                for cell in row.cells:
                    assert metrics.measurable(cell_words(cell)), cell_words(cell)
    for name in ("Zoë", "Siobhán Ní Bhriain", "Łukasz", "O’Connor", "Renée-Françoise"):
        assert metrics.measurable(name)
    assert not metrics.measurable("张伟")


def test_the_width_table_is_dejavus_own():
    fonttools = pytest.importorskip("fontTools.ttLib")
    if not FONTS.is_dir():
        pytest.fail("DejaVu fonts missing: make system-deps installs fonts-dejavu-core")
    files = {("regular", "normal"): "DejaVuSans.ttf", ("regular", "condensed"): "DejaVuSansCondensed.ttf",
             ("bold", "normal"): "DejaVuSans-Bold.ttf", ("bold", "condensed"): "DejaVuSansCondensed-Bold.ttf"}
    for face, name in files.items():
        font = fonttools.TTFont(FONTS / name)
        cmap, advances = font.getBestCmap(), font["hmtx"]
        assert metrics.ADVANCES[face] == {c: advances[cmap[ord(c)]][0] for c in metrics.CHARS}, face


@pytest.mark.parametrize("team_count", [2, 3])
def test_strips_draw_each_rule_where_its_team_begins(team_count):
    for shade in (PLAIN, SHADED, HEADINGS):
        image = Image.open(io.BytesIO(strip_png(team_count, shade))).convert("RGB")
        assert image.size == (LINE_PX * SCALE, 1)
        black = [x for x in range(image.width) if image.getpixel((x, 0)) == (0, 0, 0)]
        assert black == [x for left in rule_columns(team_count) for x in range(left, left + RULE)]
        assert {image.getpixel((x, 0)) for x in range(image.width)} - {(0, 0, 0)} == {shade}
    # a rule begins where the team's text begins, less its 2pt rule and 3pt of air
    for index, left in enumerate(rule_columns(team_count)):
        assert left / SCALE * 0.75 == pytest.approx(text_start_pt(index, team_count) - 5)
