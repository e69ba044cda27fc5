"""Every problem with a hand at once, each beside its field: the page after Save and the live check agree."""
from tests.web.pages_support import errors_for, hand_count, hand_data, open_game, post_hand, text

#: table points of 12, a team out without the sets, and 7 red 3s (a Bolivia pack holds 6)
THREE_PROBLEMS = [{"table_points": 12, "red_threes": 4}, {"table_points": 50, "red_threes": 3}]


def test_a_hand_with_three_problems_shows_all_three_beside_their_fields(app, client):
    game_id = open_game(client)
    answer = post_hand(client, game_id, THREE_PROBLEMS, "0")
    page = text(answer)
    assert answer.status_code == 422 and hand_count(app, game_id) == 0
    assert "multiple of 5" in errors_for(page, "team0-table_points")
    assert "cannot go out" in errors_for(page, "went_out")
    assert "red 3s" in errors_for(page, "team0-red_threes") + errors_for(page, "team1-red_threes")


def test_the_live_check_lists_the_same_three_problems(app, client):
    game_id = open_game(client)
    answer = client.post(f"/games/{game_id}/preview", data=hand_data(THREE_PROBLEMS, "0")).get_json()
    assert answer["ok"] is False
    errors = answer["errors"]
    assert any("multiple of 5" in m for m in errors["team0-table_points"])
    assert any("cannot go out" in m for m in errors["went_out"])
    assert any("red 3s" in m for name in ("team0-red_threes", "team1-red_threes") for m in errors.get(name, []))
