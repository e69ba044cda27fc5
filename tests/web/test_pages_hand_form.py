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


def test_red_3s_are_one_button_for_each_count_the_pack_allows(client):
    """One tap for any count, with or without scripts: None, then 1 to the pack's 6 red 3s."""
    game_id = open_game(client)
    page = text(client.get(f"/games/{game_id}/hands/new"))
    row = re.search(r'<div class="row row-choice row-red_threes.*?</div>\s*</div>', page, re.S).group(0)
    values = re.findall(r'<input type="radio" name="team0-red_threes" value="(\d+)"', row)
    assert values == [str(n) for n in range(7)]
    assert re.search(r'value="0"\s+id="team0-red_threes"\s*checked', row)


def test_after_a_refused_save_the_live_check_asks_who_went_out_as_save_does(client):
    game_id = open_game(client)
    form = text(client.get(f"/games/{game_id}/hands/new"))
    version = re.search(r'name="version"[^>]*value="(\d+)"', form).group(1)
    assert 'name="refused"' not in form
    entry = {"team0-table_points": "50", "hand_number": "1", "version": version}
    answer = client.post(f"/games/{game_id}/hands/new", data=entry)
    assert answer.status_code == 422
    refused = text(answer)
    assert "This hand was not saved" in refused and '<input type="hidden" name="refused" value="yes">' in refused
    before = client.post(f"/games/{game_id}/preview", data=entry).get_json()
    assert before["ok"] is True and before["went_out_chosen"] is False         # before Save: still to choose
    after = client.post(f"/games/{game_id}/preview", data={**entry, "refused": "yes"}).get_json()
    assert after["ok"] is False and "went_out" in after["errors"]                # after a refused Save: not saved
