"""The home page and the game page: games listed, totals, next minimums, next dealer, winner, actions."""
from tests.web.pages_support import open_game, post_hand, text

WIN = [{"sets": {"red_samba": 4, "red_bolivia": 1, "black_bolivia": 1}, "red_threes": 6, "table_points": 1000}, {}]


def test_an_empty_home_page(client):
    page = text(client.get("/"))
    assert 'href="/games/new"' in page and "New game" in page
    assert 'href="/rules"' in page and 'href="/sets/check"' in page
    assert "No game in progress" in page and "No finished games yet" in page


def test_home_lists_games_in_progress_and_finished(client):
    playing = open_game(client, table_label="Table 2")
    finished = open_game(client, table_label="Table 5")
    post_hand(client, playing, [{"table_points": 50}, {}], "none")
    post_hand(client, finished, WIN, "0")
    page = text(client.get("/"))
    progress, done = page.split("Finished games")
    assert f'href="/games/{playing}"' in progress and "Table 2" in progress and "1 hand" in progress
    assert f'href="/games/{finished}"' in done and "Winner: North-South" in done
    assert "today" in progress
    assert "Bolivia" in progress


def test_the_game_page_before_any_hand(client):
    game_id = open_game(client)
    page = text(client.get(f"/games/{game_id}"))
    assert "Table 1" in page and "Bolivia · play to 15,000" in page
    assert page.count('class="total-number"') == 2
    assert "Next initial meld: <b class=\"meld-min\">50</b>" in page
    assert "Hand 1 is dealt by <b>North</b>" in page
    assert f'href="/games/{game_id}/hands/new"' in page and "Enter hand 1" in page
    assert f'href="/games/{game_id}/sheet.pdf"' in page
    assert "Remove last hand" not in page and "No hands yet." in page


def test_the_game_page_with_hands(client):
    game_id = open_game(client)
    post_hand(client, game_id, [{"sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 485},
                                {"black_threes_in_hand": 1}], "0")
    post_hand(client, game_id, [{}, {"table_points": 120}], "none")
    page = text(client.get(f"/games/{game_id}"))
    assert "2,885" in page and "Enter hand 3" in page and "Hand 3 is dealt by <b>South</b>" in page
    assert '<p class="total-number"><span class="visually-hidden">Total: </span>20</p>' in page   # -100 + 120
    assert f'href="/games/{game_id}/hands/1/edit"' in page and f'href="/games/{game_id}/hands/2/edit"' in page
    assert f'href="/games/{game_id}/hands/2/remove"' in page and "Remove last hand (2)" in page
    assert "score-sheet" in page or "hand-list" in page         # the sheet partial, or the list until it exists


def test_the_game_page_with_the_winner(client):
    game_id = open_game(client)
    post_hand(client, game_id, WIN, "0")
    page = text(client.get(f"/games/{game_id}"))
    assert "winner-banner" in page and "North-South won!" in page
    assert "Enter hand" not in page and "Next initial meld" not in page
    assert f'href="/games/{game_id}/hands/1/edit"' in page            # a finished game can still be corrected


def test_the_game_page_shows_the_score_sheet_with_its_stylesheet(client):
    game_id = open_game(client)
    post_hand(client, game_id, [{"table_points": 50}, {}], "none")
    page = text(client.get(f"/games/{game_id}"))
    assert "score-sheet" in page and page.count("css/sheet.css") == 1
    assert "Nobody went out" in page and "50" in page
