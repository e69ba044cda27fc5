"""Hoyle's Bolivia on the hand form and over the API: melded black 3s are none, 3 or 4, chosen with big
buttons (no stepper), and any other count is refused beside its field, 422, nothing stored."""
import re

from app.extensions import db
from app.store.game.models import Game
from tests.web.pages_support import errors_for, hand_count, open_game, post_hand, text

HOYLE_OUT = {"sets": {"sequence": 1, "natural_canasta": 1}, "table_points": 300}
KIND_WORDS = "black 3s can be melded only as three or four of a kind, by the team going out"


def choices(page: str, name: str) -> list[tuple[str, bool]]:
    """(value, checked) of each radio button of this name, in page order."""
    found = re.findall(r'<input type="radio" name="' + re.escape(name) + r'" value="([^"]*)"([^>]*)>', page)
    return [(value, " checked" in rest) for value, rest in found]


def test_the_hoyle_form_offers_none_three_or_four_melded_black_3s(client):
    game_id = open_game(client, "bolivia_hoyle")
    page = text(client.get(f"/games/{game_id}/hands/new"))
    for team in (0, 1):
        assert choices(page, f"team{team}-black_threes_melded") == [("0", True), ("3", False), ("4", False)]
        assert f'class="count" id="team{team}-black_threes_melded"' not in page      # no stepper
    assert "going out only, as three or four of a kind" in page
    assert 'role="radiogroup" aria-labelledby="label-team0-black_threes_melded"' in page


def test_other_rule_sets_keep_the_stepper(client):
    for ruleset in ("bolivia", "bolivia_plus", "bolivia_classic"):
        game_id = open_game(client, ruleset, "6" if ruleset == "bolivia_plus" else "4")
        page = text(client.get(f"/games/{game_id}/hands/new"))
        assert choices(page, "team0-black_threes_melded") == [], ruleset
        assert 'name="team0-black_threes_melded"' in page, ruleset


def test_three_melded_black_3s_are_saved_and_two_refused_beside_the_field(app, client):
    game_id = open_game(client, "bolivia_hoyle")
    answer = post_hand(client, game_id, [{**HOYLE_OUT, "black_threes_melded": 2}, {}], "0")
    assert answer.status_code == 422
    assert KIND_WORDS in errors_for(text(answer), "team0-black_threes_melded")
    assert hand_count(app, game_id) == 0
    answer = post_hand(client, game_id, [{**HOYLE_OUT, "black_threes_melded": 3}, {}], "0")
    assert answer.status_code == 302
    with app.app_context():
        entry = db.session.get(Game, game_id).hands[0].entries[0]
        assert entry.black_threes_melded == 3


def test_a_count_stored_before_shows_as_its_own_button_to_correct(app, client):
    """A hand kept from before this rule (2 melded black 3s) opens with its figure chosen, and is refused."""
    game_id = open_game(client, "bolivia_hoyle")
    assert post_hand(client, game_id, [{**HOYLE_OUT, "black_threes_melded": 3}, {}], "0").status_code == 302
    with app.app_context():
        db.session.get(Game, game_id).hands[0].entries[0].black_threes_melded = 2
        db.session.commit()
    page = text(client.get(f"/games/{game_id}/hands/1/edit"))
    assert choices(page, "team0-black_threes_melded") == [("0", False), ("3", False), ("4", False), ("2", True)]
    answer = post_hand(client, game_id, [{**HOYLE_OUT, "black_threes_melded": 2}, {}], "0", number=1)
    assert answer.status_code == 422 and KIND_WORDS in errors_for(text(answer), "team0-black_threes_melded")


def test_the_api_refuses_one_or_two_melded_black_3s_with_422(client):
    def answer(count, went_out=True):
        team = {"name": "A", **HOYLE_OUT, "went_out": went_out, "black_threes_melded": count}
        return client.post("/api/v1/score", json={"ruleset": "bolivia_hoyle", "teams": [team, {"name": "B"}]})

    for count in (1, 2):
        refused = answer(count)
        assert refused.status_code == 422
        assert [{k: e[k] for k in ("field", "message")} for e in refused.get_json()["errors"]] == [
            {"field": "teams[0].black_threes_melded", "message": f"A melded {count} black 3{'s' * (count > 1)}: "
                                                                 f"{KIND_WORDS}."}]
    for count in (0, 3, 4):
        assert answer(count).status_code == 200
    refused = answer(3, went_out=False)
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == ["teams[0].black_threes_melded"]


def test_the_rules_page_and_the_api_description_say_none_three_or_four(client):
    page = text(client.get("/rules/bolivia_hoyle"))
    assert "only as three or four of a kind: none, 3 or 4" in page
    data = client.get("/api/v1/rulesets/bolivia_hoyle").get_json()
    assert data["black_threes"]["meld_counts"] == [0, 3, 4]
    assert any("three or four of a kind" in line for line in data["black_threes"]["rules"])
