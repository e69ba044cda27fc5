"""A player's own record: every game, chosen and sorted by plain query parameters, partners and opponents with
their games and wins, the head to head, on the records page, the members' page and the API; the figures worked out
here from the games played."""
from __future__ import annotations

import re
from datetime import datetime

import pytest
from sqlalchemy import update

from app.extensions import db
from app.store.club.models import Member
from app.store.game.models import Game
from app.store.people.models import Visibility
from app.store.people.members import save_settings, settings_of_club
from tests.web.club_support import basic, login, organiser
from tests.web.test_api_games import new_game
from tests.web.test_records_ladder import play_to_the_end

API = "/api/v1/players"
#: The games played, the first team winning each: (partners, opponents).
GAMES = [(["Ann", "Bob"], ["Cy", "Di"]), (["Cy", "Di"], ["Ann", "Bob"]), (["Ann", "Eve"], ["Cy", "Di"]),
         (["Cy", "Ann"], ["Bob", "Di"])]
PLAYERS = ("Ann", "Bob", "Cy", "Di", "Eve")


def text(answer) -> str:
    return re.sub(r"\s+", " ", answer.get_data(as_text=True))


@pytest.fixture
def club(app):
    """The four games played through the API, the first of them a year earlier; the five players on the list."""
    organiser(app)
    client = app.test_client()
    login(client)
    ids = []
    for winners, losers in GAMES:
        play_to_the_end(client, winners, losers)
    with app.app_context():
        for name in PLAYERS:
            db.session.add(Member(name=name))
        db.session.flush()
        first = db.session.scalars(db.select(Game).order_by(Game.created_at)).first()
        db.session.execute(update(Game).where(Game.id == first.id).values(created_at=datetime(2025, 3, 4, 14)))
        db.session.commit()
        ids = {m.name: m.id for m in db.session.scalars(db.select(Member))}
    return client, ids


def expected_tallies(player: str, side: str) -> dict[str, tuple[int, float, float]]:
    """Games, the player's wins and the other side's, beside ('partners') or against ('opponents') each one, worked
    out from GAMES (the first team always won)."""
    found: dict[str, list] = {}
    for winners, losers in GAMES:
        if player not in winners + losers:
            continue
        mine, theirs = (winners, losers) if player in winners else (losers, winners)
        won = player in winners
        for name in (mine if side == "partners" else theirs):
            if name == player:
                continue
            row = found.setdefault(name, [0, 0.0, 0.0])
            row[0] += 1
            row[1 if won else 2] += 1
    return {name: tuple(row) for name, row in found.items()}


def test_the_api_lists_every_game_with_partners_opponents_and_the_head_to_head(club):
    client, ids = club
    answer = client.get(f"{API}/{ids['Ann']}/games", headers=basic())
    assert answer.status_code == 200, answer.get_data(as_text=True)
    doc = answer.get_json()
    assert doc["figures"]["games"] == 4 and doc["figures"]["won"] == 3 and doc["total"] == 4
    assert [game["date"] for game in doc["games"]] == sorted((game["date"] for game in doc["games"]), reverse=True)
    assert doc["games"][-1]["date"] == "2025-03-04" and doc["next"] is None
    for side in ("partners", "opponents"):
        assert {row["name"]: (row["games"], row["won"], row["lost"]) for row in doc[side]} == \
            expected_tallies("Ann", side)
        assert all(row["player_id"] == ids[row["name"]] for row in doc[side])
    lost = [game for game in doc["games"] if game["result"] == "lost"]
    assert len(lost) == 1 and [p["name"] for p in lost[0]["partners"]] == ["Bob"] and lost[0]["margin"] < 0
    assert lost[0]["score"] < lost[0]["others"][0]["score"]
    assert lost[0]["margin"] == lost[0]["score"] - lost[0]["others"][0]["score"]

    h2h = client.get(f"{API}/{ids['Ann']}/head-to-head/{ids['Cy']}", headers=basic()).get_json()
    against = [(won, lost) for won, lost in GAMES
               if ("Ann" in won and "Cy" in lost) or ("Ann" in lost and "Cy" in won)]
    ann_won = sum("Ann" in w for w, _ in against)
    assert h2h["against"] == {"games": len(against), "won": ann_won, "lost": len(against) - ann_won}
    assert h2h["together"] == {"games": 1, "won": 1} and h2h["total"] == len(against) + 1

    paged = client.get(f"{API}/{ids['Ann']}/games?limit=3&sort=result", headers=basic()).get_json()
    assert [g["result"] for g in paged["games"]] == ["won", "won", "won"] and paged["pages"] == 2
    assert "sort=result" in paged["next"] and "limit=3" in paged["next"] and "page=2" in paged["next"]
    following = client.get(paged["next"], headers=basic()).get_json()
    assert [g["result"] for g in following["games"]] == ["lost"] and following["next"] is None

    this_year = client.get(f"{API}/{ids['Ann']}/games?from=2026-01-01", headers=basic()).get_json()
    assert this_year["figures"]["games"] == 3 and "2025-03-04" not in [g["date"] for g in this_year["games"]]
    sambola = client.get(f"{API}/{ids['Ann']}/games?ruleset=sambola", headers=basic()).get_json()
    assert sambola["total"] == 0 and sambola["partners"] == []


@pytest.mark.parametrize("query, code", [
    ("from=2026-13-01", "query.date"), ("from=yesterday", "query.date"), ("from=2026-05-01&to=2026-04-01",
                                                                           "query.date_order"),
    ("ruleset=whist", "query.ruleset"), ("house_rules=99", "query.house_rules"), ("house_rules=x", "query.house_rules"),
    ("sort=colour", "query.sort"), ("order=up", "query.order"), ("page=0", "query.page"), ("limit=0", "query.limit"),
    ("colour=red", "query.unknown"),
])
def test_a_wrong_query_gets_its_code_in_the_api_and_a_message_on_the_page(club, query, code):
    client, ids = club
    answer = client.get(f"{API}/{ids['Ann']}/games?{query}", headers=basic())
    assert answer.status_code == 422 and [e["code"] for e in answer.get_json()["errors"]] == [code]
    page = client.get(f"/records/players/{ids['Ann']}?{query}")
    if code in ("query.limit", "query.unknown"):       # the page reads neither: it shows every game
        assert page.status_code == 200
    else:
        assert page.status_code == 422 and "Please check the address" in text(page)
        assert "Games played</th><td>4</td>" in text(page)


def test_unknown_players_answer_404(club):
    client, ids = club
    assert client.get(f"{API}/99999/games", headers=basic()).status_code == 404
    assert client.get(f"{API}/{ids['Ann']}/head-to-head/99999", headers=basic()).get_json()["errors"][0][
        "code"] == "player.unknown"
    assert client.get(f"{API}/{ids['Ann']}/games").status_code == 401


def rows(page: str, section: str) -> dict[str, list[str]]:
    """The rows of a section's table: the name, then its figures."""
    part = page.split(f'id="{section}"', 1)[1].split("</table>", 1)[0]
    found = {}
    for row in re.findall(r"<tr>(.*?)</tr>", part):
        cells = [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        if cells and cells[0] not in ("Partner", "Opponent"):
            found[cells[0]] = cells[1:]
    return found


def test_the_players_page_lists_every_game_and_its_partners_opponents_and_head_to_head(club):
    client, ids = club
    page = text(client.get(f"/records/players/{ids['Ann']}"))
    assert "Games played</th><td>4</td>" in page and "Won (draws ½)</th><td>3</td>" in page
    assert page.count('<tr class="is-won">') == 3 and page.count('<tr class="is-lost">') == 1
    assert {name: [int(c) for c in cells] for name, cells in rows(page, "partners").items()} == {
        name: [games, won] for name, (games, won, _) in expected_tallies("Ann", "partners").items()}
    assert {name: [int(c) for c in cells] for name, cells in rows(page, "opponents").items()} == {
        name: [games, won, lost] for name, (games, won, lost) in expected_tallies("Ann", "opponents").items()}
    dates = re.findall(r'class="col-date"><a [^>]*>([^<]+)</a>', page)
    assert dates[-1] == "4 Mar 2025" and len(dates) == 4

    oldest = text(client.get(f"/records/players/{ids['Ann']}?order=asc"))
    assert re.findall(r'class="col-date"><a [^>]*>([^<]+)</a>', oldest)[0] == "4 Mar 2025"
    by_result = text(client.get(f"/records/players/{ids['Ann']}?sort=result&order=asc"))
    assert by_result.index('class="is-lost"') < by_result.index('class="is-won"')
    assert 'href="/records/players/%d?sort=margin#games"' % ids["Ann"] in page      # the sorts are plain links

    chosen = text(client.get(f"/records/players/{ids['Ann']}?to=2025-12-31"))
    assert chosen.count('<tr class="is-') == 1 and rows(chosen, "partners") == {"Bob": ["1", "1"]}

    h2h = text(client.get(f"/records/players/{ids['Ann']}?against={ids['Cy']}"))
    assert "Games against Cy</th><td>3</td>" in h2h and "Won by Ann</th><td>2</td>" in h2h
    assert "Won by Cy</th><td>1</td>" in h2h and "Games as partners</th><td>1</td>" in h2h
    assert "Won together</th><td>1</td>" in h2h
    assert client.get(f"/records/players/{ids['Ann']}?against={ids['Ann']}").status_code == 422
    assert client.get(f"/records/players/{ids['Ann']}?page=9").status_code == 422


def test_games_of_house_rules_are_chosen_by_them(club, app):
    client, ids = club
    made = client.post("/api/v1/house-rules", json={"name": "Our Bolivia", "base": "bolivia", "changes": {}},
                       headers=basic())
    assert made.status_code == 201, made.get_data(as_text=True)
    house = made.get_json()["id"]
    opened = new_game(client, ruleset="bolivia", house_rules=house,
                      teams=[{"name": "Us", "players": ["Ann", "Di"]}, {"name": "Them", "players": ["Bob", "Cy"]}])
    doc = client.get(f"{API}/{ids['Ann']}/games?house_rules={house}", headers=basic()).get_json()
    assert [g["game_id"] for g in doc["games"]] == [opened["id"]] and doc["games"][0]["result"] == "in_play"
    assert doc["games"][0]["house_rules"] == {"id": house, "name": "Our Bolivia"} and doc["figures"]["games"] == 0
    page = text(client.get(f"/records/players/{ids['Ann']}?house_rules={house}"))
    assert page.count('<tr class="is-') == 1 and "House rules: Our Bolivia, version 1" in page
    assert "not finished" in page


def test_the_members_page_shows_the_record_as_the_club_lets_it(club, app):
    client, ids = club
    with app.app_context():
        settings = settings_of_club(False, first_club=True)
        save_settings(settings, visibility=Visibility.LINK, email_when_done=False, email_form=False, by="test")
        db.session.commit()
        link = settings.link
    reader = app.test_client()
    page = reader.get(f"/members/{link}/players/{ids['Ann']}?against={ids['Di']}&sort=margin")
    assert page.status_code == 200
    shown = text(page)
    assert "Games against Di</th><td>4</td>" in shown and "Won by Ann</th><td>3</td>" in shown
    assert f'href="/members/{link}/players/{ids["Bob"]}"' in shown and "/games/" not in shown
    assert reader.get(f"/members/{link}/players/{ids['Ann']}?from=soon").status_code == 422
    with app.app_context():
        settings = settings_of_club(False, first_club=True)
        save_settings(settings, visibility=Visibility.ACCOUNTS, email_when_done=False, email_form=False, by="test")
        db.session.commit()
    assert reader.get(f"/members/{link}/players/{ids['Ann']}").status_code == 404


def test_a_long_record_goes_a_page_at_a_time_by_plain_links(club, monkeypatch):
    client, ids = club
    monkeypatch.setattr("app.web.own_record.PAGE_SIZE", 3)
    first = text(client.get(f"/records/players/{ids['Ann']}?sort=result"))
    assert first.count('<tr class="is-') == 3 and "page 1 of 2" in first
    following = re.search(r'<a href="([^"]+)#games">Next page</a>', first).group(1).replace("&amp;", "&")
    assert "sort=result" in following and "page=2" in following
    second = text(client.get(following))
    assert second.count('<tr class="is-') == 1 and '<tr class="is-lost">' in second and "Previous page" in second
