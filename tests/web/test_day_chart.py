"""The results of the day as a chart (games won and margin per player), on the results page and the printed
results; the figures said once, by the table."""
import subprocess
from io import BytesIO

from pypdf import PdfReader

from app.rules.ranking import Standing
from app.render.chart import day_chart
from tests.web.club_support import enter_hand, login, open_session, organiser
from tests.web.pages_support import text


def test_no_chart_before_a_game_has_a_result():
    assert day_chart([Standing(1, "Ann", 0, 0, 0)]) is None


def test_bars_grow_with_games_won_and_margins_lie_either_side_of_zero():
    from fractions import Fraction
    chart = day_chart([Standing(1, "Ann", 2, Fraction(2), 900), Standing(2, "Bob", 2, Fraction(1, 2), -300)])
    ann, bob = chart.bars
    assert ann.won_width == 150 and bob.won_width == 37.5
    assert ann.margin_x == chart.margin_zero and bob.margin_x + bob.margin_width == chart.margin_zero
    assert (ann.margin_text, bob.margin_text, bob.won_text) == ("+900", "\u2212300", "\u00bd")


def test_the_results_page_and_the_printed_results_show_the_chart(app, client, output_dir):
    organiser(app)
    session = open_session(client, players=["Ann", "Bob", "Cy", "Di"], format={"kind": "hands", "hands": 1}).get_json()
    assert enter_hand(client, session["tables"][0], points=(300, 100)).status_code == 201
    login(client)
    page = text(client.get(f"/club/sessions/{session['id']}/results"))
    assert page.count("<rect") == 8 and "drawn.</figcaption>" in page
    assert "Games won and margin: " not in page         # the ranking is said once, by the table
    pdf = client.get(f"/sessions/{session['id']}/print.pdf")
    assert pdf.status_code == 200
    (output_dir / "results_with_chart.pdf").write_bytes(pdf.data)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(output_dir / "results_with_chart.pdf"),
                    str(output_dir / "results_with_chart")], check=True)
    first = " ".join(PdfReader(BytesIO(pdf.data)).pages[0].extract_text().split())
    assert "Games won and margin: " not in first and "+200" in first
