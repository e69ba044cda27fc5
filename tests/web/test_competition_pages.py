"""Competitions on the records pages: the organiser starts one from a ready shape, previews it on the club's games
(nothing stored), starts it; its table opens each row's counted and dropped afternoons; the PDF prints; a finished
one is archived and stays readable; last season's is copied; the CSV export carries every table (both databases)."""
from __future__ import annotations

import csv
import io
from datetime import date

from sqlalchemy import func, select

from app.extensions import db
from app.store.club.competition_models import CompetitionRow
from app.store.club.models import Season
from tests.web.club_support import login, organiser
from tests.web.members_support import members_link
from tests.web.test_competitions_api import club_games


def form(name: str, **changes) -> dict:
    """The organiser's form as the page sends it: best 2 afternoons count, players with 1 afternoon qualify."""
    return {"name": name, "season_id": "", "from": "", "to": "", "weekday": "", "whom": "players",
            "method": "games_won", "place_points": "8, 7, 6, 5, 4, 3, 2, 1", "counting": "best", "best": "2",
            "per": "", "beyond": "", "qualify_afternoons": "1", "qualify_games": "", "qualify_percent": "",
            "qualify_partners": "", "handicap": "none", "per_point": "", "rating_on": "", "fixed": "", **changes}


def test_the_organiser_starts_follows_archives_and_copies_a_competition(app, client):
    organiser(app)
    login(client)
    club_games(client)
    shaped = client.get("/records/competitions/new?shape=best_of_quarter").get_data(as_text=True)
    assert 'value="Best 8 of the quarter"' in shaped and 'value="8"' in shaped
    preview = client.post("/records/competitions", data=form("Spring", action="preview"))
    page = preview.get_data(as_text=True)
    assert preview.status_code == 200 and "Preview" in page and "Best 2 of the afternoons count" in page
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(CompetitionRow)) == 0
    refused = client.post("/records/competitions", data=form("", counting="best", best="0", action="save"))
    assert refused.status_code == 422 and "Nothing was saved" in refused.get_data(as_text=True)
    made = client.post("/records/competitions", data=form("Spring", action="save"))
    assert made.status_code == 302
    table = client.get(made.headers["Location"]).get_data(as_text=True)
    assert '<summary><span class="entrant">Ann</span>' in table and "Counted" in table and "3" in table
    pdf = client.get(made.headers["Location"] + "/table.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    competition_id = int(made.headers["Location"].rsplit("/", 1)[1])
    assert client.post(f"/records/competitions/{competition_id}/archive", data={"archived": "yes"}).status_code == 302
    listed = client.get("/records/competitions").get_data(as_text=True)
    assert "Archived" in listed and "Run again" in listed
    assert client.get(f"/records/competitions/{competition_id}").status_code == 200
    with app.app_context():
        season = Season(name="Summer", starts_on=date(2020, 6, 1), ends_on=date(2099, 8, 31))
        db.session.add(season)
        db.session.commit()
        season_id = season.id
    copied = client.post(f"/records/competitions/{competition_id}/copy", data={"season_id": str(season_id)})
    assert copied.status_code == 302 and "Spring Summer" in client.get(copied.headers["Location"]).get_data(as_text=True)
    exported = list(csv.DictReader(io.StringIO(client.get("/records/competitions.csv").get_data(as_text=True))))
    assert {row["competition"] for row in exported} == {"Spring", "Spring Summer"}
    ann = next(row for row in exported if row["competition"] == "Spring" and row["entrant"] == "Ann")
    assert (ann["place"], ann["won"], ann["games"]) == ("1", "3.0", "4")


def test_the_members_page_shows_each_running_competition_as_the_club_allows(app, client):
    organiser(app)
    login(client)
    club_games(client)
    assert client.post("/records/competitions", data=form("Members' cup", action="save")).status_code == 302
    assert client.post("/club/settings", data={"visibility": "link"}).status_code == 302
    stranger = app.test_client()
    assert stranger.get("/records/competitions").status_code in (302, 401)     # shared by link, not public
    page = stranger.get(f"/members/{members_link(app)}/ladder").get_data(as_text=True)
    assert "<h2>Members&#39; cup</h2>" in page and '<summary><span class="entrant">Ann</span>' in page
