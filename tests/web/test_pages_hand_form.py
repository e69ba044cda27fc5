"""The hand form's shape without a browser: who went out first, rare sets behind "More sets",
no 'not melded' question, the hand number it was opened for, and Enter that cannot save."""
import re

from tests.web.pages_support import open_game, text


def test_the_form_asks_who_went_out_first_and_keeps_rare_sets_behind_more_sets(client):
    game_id = open_game(client)
    page = text(client.get(f"/games/{game_id}/hands/new"))
    assert page.index('name="went_out"') < page.index('name="team0-set_red_canasta"')
    more = re.search(r'<details class="more-sets">(.*?)</details>', page, re.S).group(1)
    assert 'name="team0-set_red_bolivia"' in more and 'name="team0-set_black_bolivia"' in more
    assert 'name="team0-set_red_samba"' not in more
    assert "not_melded" not in page
    assert '<input type="hidden" name="hand_number" value="1">' in page
    form = page[page.index("<form"):]
    first_submit = re.search(r"<button[^>]*type=\"submit\"[^>]*>", form).group(0)
    assert "disabled" in first_submit and "hidden" in first_submit     # Enter in a field saves nothing


def test_a_rare_set_with_a_figure_opens_more_sets(client):
    game_id = open_game(client)
    form = text(client.get(f"/games/{game_id}/hands/new"))
    version = re.search(r'name="version"[^>]*value="(\d+)"', form).group(1)
    answer = client.post(f"/games/{game_id}/hands/new", data={
        "went_out": "0", "team0-set_red_bolivia": "1", "team0-table_points": "5", "hand_number": "1",
        "version": version})
    assert answer.status_code == 422
    assert '<details class="more-sets" open>' in text(answer)
