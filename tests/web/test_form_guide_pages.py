"""The form guide on the pages and the API: the player's page (figure, meaning, chart), the ladder's optional
Form column, and GET /api/v1/players with each player's rating; only games with a result count."""
import re
from datetime import date

import pytest

from app.extensions import db
from app.render.form_chart import season_words
from app.store.club.models import Member, Season
from tests.web.club_support import PLAYERS, basic, enter_hand, login, open_session, organiser

ONE_HAND = {"kind": "hands", "hands": 1}


@pytest.fixture
def org(app, client):
    organiser(app)
    login(client)
    return client


def play_afternoons(client, count: int) -> list[dict]:
    """Open `count` one-hand sessions of 8 players and finish every table: the first team wins 200 to 100."""
    docs = []
    for _ in range(count):
        doc = open_session(client, PLAYERS[:8], format=ONE_HAND).get_json()
        for table in doc["tables"]:
            assert enter_hand(client, table, points=(200, 100)).status_code == 201
        docs.append(doc)
    return docs


def member_id(app, name: str) -> int:
    with app.app_context():
        return db.session.query(Member).filter_by(name=name).one().id


def winners_and_losers(doc: dict) -> tuple[list[str], list[str]]:
    table = doc["tables"][0]
    return table["teams"][0], table["teams"][1]


def test_the_player_page_shows_the_form_its_meaning_and_a_chart(org, app):
    docs = play_afternoons(org, 3)
    name = docs[0]["tables"][0]["teams"][0][0]
    page = org.get(f"/records/players/{member_id(app, name)}").get_data(as_text=True)
    assert "<h2>Form</h2>" in page and "after 3 rated games" in page
    assert "everyone starts at 25" in page                      # the meaning, in one plain sentence
    assert 'class="totals-chart form-chart"' in page and 'aria-labelledby="form-chart-words"' in page
    assert f"{name}&#39;s form after each of 3 games so far: from 25.0 to" in page


def test_the_form_charts_scale_stands_at_its_left_and_the_key_says_the_form_now(org, app):
    docs = play_afternoons(org, 3)
    name = docs[0]["tables"][0]["teams"][0][0]
    page = org.get(f"/records/players/{member_id(app, name)}").get_data(as_text=True)
    chart = page[page.index('class="totals-chart form-chart"'):page.index("</figure>", page.index("form-chart"))]
    labels = re.findall(r'<text class="chart-label" x="([\d.]+)"[^>]*>([^<]+)</text>', chart)
    assert len(labels) == 2 and all(x == "36" and "text-anchor" not in chart for x, _ in labels)   # at the left
    now = re.search(r"Form after each game: now <b>([\d.]+)</b>", chart)
    assert now and f"to {now.group(1)}," in chart                 # the key's figure is the line's last


@pytest.mark.parametrize("season_name, words", [
    ("Season 2026", "in Season 2026"), ("2026", "in the 2026 season"), ("Autumn season", "in Autumn season"),
])
def test_the_form_sentence_names_the_season_once(season_name, words):
    assert season_words(season_name) == words


def test_a_winner_rises_above_25_and_a_loser_falls_below(org, app):
    winners, losers = winners_and_losers(play_afternoons(org, 1)[0])
    api = org.get("/api/v1/players", headers=basic()).get_json()
    rating = {p["name"]: p for p in api["players"]}
    assert all(rating[n]["rating"] > 25 for n in winners) and all(rating[n]["rating"] < 25 for n in losers)
    assert all(rating[n]["games_rated"] == 1 for n in winners + losers)
    page = org.get(f"/records/players/{member_id(app, winners[0])}").get_data(as_text=True)
    assert f"Form: <b>{rating[winners[0]]['rating']:.1f}</b> after 1 rated game" in page
    assert "form-chart" not in page                             # one game: no line to draw yet


def test_a_game_without_a_result_does_not_count(org, app):
    doc = open_session(org, PLAYERS[:8], format=ONE_HAND).get_json()
    first, second = doc["tables"]
    assert enter_hand(org, first, points=(200, 100)).status_code == 201
    with app.app_context():
        from app.store.game.models import Game
        version = db.session.get(Game, second["game_id"]).version
    org.post(f"/club/games/{second['game_id']}/end", data={"version": version})    # ended before any hand
    rating = {p["name"]: p for p in org.get("/api/v1/players", headers=basic()).get_json()["players"]}
    for name in [n for team in second["teams"] for n in team]:
        assert rating[name]["games_rated"] == 0 and rating[name]["rating"] == 25.0


def test_the_ladder_has_a_form_column_on_request(org, app):
    play_afternoons(org, 2)
    today = date.today().isoformat()
    org.post("/records/seasons", data={"name": "Now", "starts_on": today, "ends_on": today,
                                       "qualifying_percent": "30"})
    with app.app_context():
        season = db.session.query(Season).one().id
    plain = org.get(f"/records/seasons/{season}").get_data(as_text=True)
    assert 'class="col-form"' not in plain and "Show each player's form" in plain
    with_form = org.get(f"/records/seasons/{season}?form=1").get_data(as_text=True)
    assert '<th class="col-form">Form</th>' in with_form and with_form.count('<td class="col-form"') == 8
    assert "everyone starts at 25" in with_form and "Hide the form column" in with_form


def test_the_players_api_needs_an_organiser_and_gives_the_form(org, app, client):
    play_afternoons(org, 2)
    client.post("/logout")
    assert client.get("/api/v1/players").status_code == 401
    listed = client.get("/api/v1/players", headers=basic()).get_json()
    assert len(listed["players"]) == 8 and "everyone starts at 25" in listed["form_meaning"]
    assert set(listed["players"][0]) == {"id", "name", "short_name", "active", "rating", "mu", "sigma", "ordinal",
                                         "games_rated"}
    one = listed["players"][0]
    read = client.get(f"/api/v1/players/{one['id']}", headers=basic()).get_json()
    assert read["rating"] == one["rating"] and len(read["form_by_game"]) == 2
    assert read["form_by_game"][-1] == {"date": read["form_by_game"][-1]["date"], "rating": one["rating"]}
    missing = client.get("/api/v1/players/999999", headers=basic())
    assert missing.status_code == 404 and "no player number 999999" in missing.get_data(as_text=True)


def test_the_form_is_worked_out_from_the_games_as_they_stand(org, app):
    play_afternoons(org, 1)
    with app.test_request_context():
        from app.store.club.form_guide import club_form_guide
        first = club_form_guide()
        assert club_form_guide() == first                             # the same games: the same form
    play_afternoons(org, 1)
    with app.test_request_context():
        assert club_form_guide() != first                             # more games: the form moved on


def test_a_draw_balanced_by_form_puts_a_winner_with_a_loser(org, app):
    winners = {n for doc in play_afternoons(org, 1) for table in doc["tables"] for n in table["teams"][0]}
    doc = open_session(org, PLAYERS[:8], balance=True).get_json()
    for table in doc["tables"]:
        for team in table["teams"]:
            assert len(set(team) & winners) == 1, team
    assert doc["draw_words"].startswith("Everyone has a new partner;")
    read = org.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()
    assert read["draw_words"] == doc["draw_words"]


def test_balance_over_the_api_is_true_or_false(org):
    refused = open_session(org, PLAYERS[:8], balance="yes")
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["field"] == "balance"
