"""The game page's chart of totals hand by hand: drawn from the engine's totals, said in words too."""
from app.render.chart import HEIGHT, PAD, totals_chart
from tests.web.pages_support import text


def test_no_chart_before_the_second_hand():
    assert totals_chart(["Jets", "Sharks"], [[100, 50]], 15000) is None


def test_the_lines_start_at_zero_and_end_at_each_total_under_the_target_line():
    chart = totals_chart(["Jets", "Sharks"], [[1000, -200], [3000, 500]], 15000)
    jets, sharks = chart.lines
    assert jets.points.split()[0] == f"{PAD}.0,{chart.zero_y}" and len(jets.points.split()) == 3
    assert (jets.last, sharks.last) == (3000, 500)
    assert chart.target_y == PAD                     # the highest value drawn is the target
    assert PAD <= chart.zero_y <= HEIGHT - PAD and chart.bottom_label == "\u2212200"
    assert chart.words == "Totals after 2 hands: Jets 3,000, Sharks 500. The winning score is 15,000."


def test_the_game_page_shows_the_chart_with_its_words(client):
    doc = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [
        {"name": "Jets", "players": ["Ann", "Bob"]}, {"name": "Sharks", "players": ["Cy", "Di"]}]}).get_json()
    for points in ((400, 100), (300, 200)):
        answer = client.post(f"/api/v1/games/{doc['id']}/hands", json={"teams": [{"table_points": p} for p in points]},
                             headers={"X-Table-Code": doc["table_code"]})
        assert answer.status_code == 201
    client.get(f"/games/{doc['id']}?code={doc['table_code']}")         # the table's tablet
    page = client.get(f"/games/{doc['id']}")
    html = page.get_data(as_text=True)
    assert html.count('class="chart-line') == 2 and 'class="chart-target"' in html
    assert "Totals after 2 hands: Jets 700, Sharks 300. The winning score is 15,000." in text(page)


def test_the_printed_sheet_stays_a_table_of_figures_without_the_chart(client):
    """The chart cost the printed sheet a tenth of its render: the sheet says the totals in its table instead."""
    from io import BytesIO

    from pypdf import PdfReader
    doc = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [
        {"name": "Jets", "players": ["Ann", "Bob"]}, {"name": "Sharks", "players": ["Cy", "Di"]}]}).get_json()
    for points in ((400, 100), (300, 200), (250, 150)):
        answer = client.post(f"/api/v1/games/{doc['id']}/hands", json={"teams": [{"table_points": p} for p in points]},
                             headers={"X-Table-Code": doc["table_code"]})
        assert answer.status_code == 201
    client.get(f"/games/{doc['id']}?code={doc['table_code']}")         # the table's tablet
    pdf = client.get(f"/games/{doc['id']}/sheet.pdf")
    pages = PdfReader(BytesIO(pdf.data)).pages
    assert len(pages) == 1
    words = " ".join(pages[0].extract_text().split())
    assert "Totals after" not in words
    assert "Totals so far" in words and "950" in words and "450" in words
