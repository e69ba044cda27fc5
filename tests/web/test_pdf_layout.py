"""The printed papers laid out as WeasyPrint lays them (tests/web/pdf_layout_support.py): every pad's column
headings inside their lines, and a day of 32 players printed whole, its chart ending above the page's foot, its
margins written as on the screen; the day's chart keeps its widest bar clear of its figure."""
from __future__ import annotations

import pytest
from PIL import ImageFont
from weasyprint import HTML

import app.club.printing as printing
import app.sheets.views as sheet_views
from app.render.chart import MARGIN_REACH, day_chart
from app.render.pdf import ROOT, own_styled
from app.rules import all_rulesets
from app.rules.ranking import Standing
from app.render.sheet_pdf import pad_stylesheet, sheet_documents, sheets_html
from tests.web.afternoon_support import club_afternoon
from tests.web.club_support import login
from tests.web.pdf_layout_support import boxes_below_the_page, words_out_of_their_cells

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


@pytest.fixture
def pad_html(client, monkeypatch):
    """The blank pad's HTML as its route makes it, for a rule set and a number of teams."""
    made = []
    monkeypatch.setattr(sheet_views, "render_pdf", lambda html: made.append(html) or b"%PDF")

    def pad(ruleset_id: str, teams: int) -> str:
        assert client.get(f"/rulesets/{ruleset_id}/pad.pdf?teams={teams}").status_code == 200
        return made[-1]
    return pad


@pytest.mark.parametrize("teams", [2, 3])
@pytest.mark.parametrize("ruleset_id", [r.id for r in all_rulesets()])
def test_every_pads_headings_and_rows_stay_inside_their_lines(pad_html, ruleset_id, teams):
    css, font_config = pad_stylesheet()
    document = HTML(string=pad_html(ruleset_id, teams), base_url=str(ROOT)).render(stylesheets=[css],
                                                                                  font_config=font_config)
    assert len(document.pages) == 2
    assert words_out_of_their_cells(document) == [], "a heading runs over its column's line"
    assert boxes_below_the_page(document) == []


def test_a_day_of_32_players_prints_whole_above_each_pages_foot(app, client, monkeypatch):
    paths = club_afternoon(app)
    made = {}

    def keep(games, lead=None):
        made["lead"], made["sheets"] = lead, [sheets_html([game]) for game in games]
        return b"%PDF"
    monkeypatch.setattr(printing, "render_sheets", keep)
    login(client)
    session_id = paths["session"].rsplit("/", 1)[1]
    assert client.get(f"/sessions/{session_id}/print.pdf").status_code == 200
    results = own_styled(made["lead"])
    assert "+15,210" in made["lead"] and "\u221215,210" in made["lead"]        # as on the screen, never -15210
    assert "+15210" not in made["lead"]
    assert boxes_below_the_page(results) == [], "the day's chart runs under the page's foot"
    assert words_out_of_their_cells(results) == []
    with app.app_context():
        sheets = sheet_documents(made["sheets"])
    assert len(sheets) == 8
    for sheet in sheets:
        assert words_out_of_their_cells(sheet) == [] and boxes_below_the_page(sheet) == []


def test_the_days_widest_margin_bar_ends_clear_of_its_figure():
    chart = day_chart([Standing(1, "Di Wilson", 1, 1, 15210), Standing(3, "Cy Jones", 1, 0, -15210)])
    font = ImageFont.truetype(DEJAVU, 15)                                   # the figures' font-size="15"
    for bar in chart.bars:
        figure_left = chart.width - 2 - font.getlength(bar.margin_text)     # text-anchor="end" at width - 2
        assert bar.margin_x + bar.margin_width + 6 <= figure_left, (bar.margin_text, bar.margin_x, bar.margin_width)
    won = ImageFont.truetype(DEJAVU_BOLD, 17)                               # the games won: bold, font-size="17"
    widest_won = chart.won_x + 150 + 6 + won.getlength("5\u00bd")            # the longest bar and its "5½"
    assert chart.margin_zero - MARGIN_REACH >= widest_won + 6, "the widest loss's bar would touch the games won"
