"""Seasons and the ladder page, projector view and standings CSV."""
import csv
import io
from datetime import date

from pypdf import PdfReader

from tests.web.club_support import login, organiser
from tests.web.test_api_games import GAMES_TO_PLAY, new_game, post_hand

OUT, OTHER = GAMES_TO_PLAY["bolivia"][1], GAMES_TO_PLAY["bolivia"][3]


def play_to_the_end(client, us, them):
    """A bolivia game that team Us wins; returns its number of hands."""
    body = {"teams": [{"name": "Us", "players": us}, {"name": "Them", "players": them}]}
    game = new_game(client, **body)
    number = 0
    while True:
        number += 1
        answer = post_hand(client, game, [OUT, OTHER]).get_json()
        if answer["game"]["game_over"]:
            return number


def season(client, **change):
    """Add a season covering today through the records page's form."""
    form = {"name": "2026", "starts_on": f"{date.today().year}-01-01", "ends_on": f"{date.today().year}-12-31",
            "qualifying_percent": "30"}
    form.update(change)
    return client.post("/records/seasons", data=form)


def club(app):
    organiser(app)
    client = app.test_client()
    login(client)
    for _ in range(4):
        play_to_the_end(client, ["Ann", "Bob"], ["Cy", "Di"])
    play_to_the_end(client, ["Cy", "Eve"], ["Ann", "Flo"])
    new_game(client, teams=[{"name": "Us", "players": ["Gus", "Hal"]},
                            {"name": "Them", "players": ["Ann", "Bob"]}])   # unfinished: not counted
    return client


def test_a_season_and_its_ladder(app):
    client = club(app)
    response = season(client)
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Ladder — 2026" in page and "How the ladder is worked out" in page
    assert "30 % of the games of the most active player (5 games so far this season, so at least 2 games)" in page
    assert page.index("Ann") < page.index("Cy") < page.index("Not yet qualified") < page.index("Eve")
    assert "Gus" not in page
    big = client.get(response.headers["Location"] + "?projector=1").get_data(as_text=True)
    assert "ladder-projector" in big


def test_standings_csv_header_and_row(app):
    client = club(app)
    location = season(client).headers["Location"]
    text = client.get(location + "/standings.csv").get_data().decode("utf-8")
    header, *rows = list(csv.reader(io.StringIO(text)))
    assert header == ["place", "player", "qualified", "sessions", "games", "won", "win_rate", "margin"]
    rows = [dict(zip(header, row)) for row in rows]
    bob, ann = rows[0], rows[1]
    assert {k: bob[k] for k in header if k != "margin"} == {
        "place": "1", "player": "Bob", "qualified": "yes", "sessions": "0", "games": "4", "won": "4.0",
        "win_rate": "1.0"}
    assert {k: ann[k] for k in header if k != "margin"} == {
        "place": "2", "player": "Ann", "qualified": "yes", "sessions": "0", "games": "5", "won": "4.0",
        "win_rate": "0.8"}
    assert int(bob["margin"]) > 0 and int(ann["margin"]) < int(bob["margin"])
    assert [r["player"] for r in rows if r["qualified"] == "no"] == ["Eve", "Flo"]


def test_bad_season_is_refused_with_every_problem(app):
    organiser(app)
    client = app.test_client()
    login(client)
    response = season(client, name="", ends_on="2000-01-01", qualifying_percent="140")
    assert response.status_code == 302
    page = client.get("/records/").get_data(as_text=True)
    assert "Give the season a name" in page and "qualifying share" in page
    assert "/records/seasons/" not in page


def test_seasons_need_the_organiser(client):
    assert season(client).status_code == 302
    assert client.get("/records/seasons/1").headers["Location"].startswith("/login")     # records not public


def test_standings_pdf_lists_qualified_then_not_yet_qualified_with_the_method(app, tmp_path):
    client = club(app)
    location = season(client).headers["Location"]
    assert "/standings.pdf" in client.get(location).get_data(as_text=True)
    response = client.get(location + "/standings.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Ladder 2026" in text and "How the ladder is worked out:" in text
    assert "30 % of the games of the most active player" in text
    assert "1 Bob 100 % 4 4 0" in text and "2 Ann 80 % 4 5 0" in text
    assert text.index("Bob") < text.index("Ann") < text.index("Not yet qualified") < text.index("Eve") < text.index("Flo")
    assert "Gus" not in text
    assert client.get("/records/seasons/999999/standings.pdf").status_code == 404
