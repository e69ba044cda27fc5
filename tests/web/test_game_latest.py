"""The tablet's game page shows the newest hands and record lines, the whole sheet and record one tap away;
the hand form's post reads none of the game's hands."""
from __future__ import annotations

import re

from app.store.game.models import Game, Hand, HandEntry
from app.rules import get_ruleset
from app.sheets.sample import sample_hands
from app.extensions import db
from app.games.views import LATEST_HANDS, LATEST_LINES
from tests.web.pages_support import hidden_fields, open_game, post_hand, text
from tests.web.test_queries import counted

HAND = [{"table_points": 20}, {"table_points": 10}]


def rows(page: str) -> list[int]:
    """The hand numbers of the score sheet's rows on a page."""
    return [int(n) for n in re.findall(r'<tr class="hand-row[^"]*"><th scope="row" class="hand">(\d+)</th>', page)]


def record_lines(page: str) -> list[str]:
    match = re.search(r'<ul class="record-lines">(.*?)</ul>', page, re.S)
    return re.findall(r"<li>(.*?)</li>", match.group(1), re.S) if match else []


def test_the_page_shows_the_newest_hands_and_lines_and_links_the_whole_sheet(client):
    game_id = open_game(client)
    for _ in range(8):
        assert post_hand(client, game_id, HAND).status_code == 302
    page = text(client.get(f"/games/{game_id}"))
    assert LATEST_HANDS == 5 and LATEST_LINES == 5
    assert rows(page) == [4, 5, 6, 7, 8]
    assert "The newest 5 of 8 hands." in page
    assert f'href="/games/{game_id}?sheet=whole#sheet-title">Whole score sheet (8 hands)' in page
    assert re.findall(r'aria-label="Correct hand (\d+)"', page) == ["4", "5", "6", "7", "8"]
    assert "has a button for each hand" in page
    lines = record_lines(page)
    assert len(lines) == 5 and "8" in lines[0] and "4" in lines[-1], lines
    assert "Whole record of changes (8 lines)" in page
    assert "Remove last hand (8)" in page and 'data-hands="8"' in page
    assert "Enter hand 9" in page

    whole = text(client.get(f"/games/{game_id}?sheet=whole"))
    assert rows(whole) == list(range(1, 9))
    assert re.findall(r'aria-label="Correct hand (\d+)"', whole) == [str(n) for n in range(1, 9)]
    assert len(record_lines(whole)) == 8 and "Whole record of changes" not in whole
    assert "Back to the newest hands" in whole and "has a button for each hand" not in whole


def test_a_short_game_shows_every_hand_with_no_link(client):
    game_id = open_game(client)
    for _ in range(3):
        assert post_hand(client, game_id, HAND).status_code == 302
    page = text(client.get(f"/games/{game_id}"))
    assert rows(page) == [1, 2, 3] and len(record_lines(page)) == 3
    assert "Whole score sheet" not in page and "Whole record of changes" not in page


def test_an_older_corrected_hand_is_marked_on_the_whole_sheet(client):
    game_id = open_game(client)
    for _ in range(7):
        assert post_hand(client, game_id, HAND).status_code == 302
    assert post_hand(client, game_id, [{"table_points": 30}, {"table_points": 10}], number=1).status_code == 302
    for _ in range(5):
        assert post_hand(client, game_id, HAND).status_code == 302
    whole = client.get(f"/games/{game_id}?sheet=whole").get_data(as_text=True)
    assert re.findall(r'<tr class="hand-row corrected"><th scope="row" class="hand">(\d+)</th>', whole) == ["1"]
    page = text(client.get(f"/games/{game_id}"))
    assert rows(page) == [8, 9, 10, 11, 12] and "corrected" not in "".join(record_lines(page))


def test_the_hand_form_post_reads_no_hands_whatever_their_number(app, client):
    game_id = open_game(client)
    with app.app_context():
        game = db.session.get(Game, game_id)
        for number, entries in enumerate(sample_hands(get_ruleset("bolivia"), 2, 40, 3), start=1):
            game.hands.append(Hand(number=number, entries=[HandEntry.from_engine(i, e)
                                                          for i, e in enumerate(entries)]))
        game.version += 1
        game.target = 10 ** 8                 # 40 sample hands play on
        db.session.commit()
    assert client.get(f"/games/{game_id}").status_code == 200          # its state replayed and kept
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    data = hidden_fields(page)
    data.update({"went_out": "none", "team0-table_points": "20", "team1-table_points": "10"})
    with counted(app) as statements:
        assert client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    read = [s for s in statements if "FROM hand" in s]
    assert len(read) == 1 and "hand.client_token = " in read[0], read          # its token looked up alone
    with counted(app) as statements:
        page = client.get(f"/games/{game_id}")
    assert page.status_code == 200 and rows(page.get_data(as_text=True)) == [37, 38, 39, 40, 41]
    assert not [s for s in statements if "FROM hand" in s and "count(*)" not in s], statements
