"""Arbitrary JSON and bytes posted to every writing endpoint: never a 500, always the errors shape."""

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from app.rules import all_rulesets
from app.rules.entries import COUNT_FIELDS

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
ENDPOINTS = ["/api/v1/score", "/api/v1/sets/check", "/api/v1/games"]
RULESET_IDS = [r.id for r in all_rulesets()]
SET_IDS = sorted({s.id for r in all_rulesets() for s in r.set_types}) + ["bogus"]
VARIATIONS = sorted({(v.id, value) for r in all_rulesets() for v in r.variations for value in v.values})

any_text = st.text(max_size=20) | st.text(st.characters(exclude_categories=()), max_size=10)
scalars = (st.none() | st.booleans() | st.integers() | st.integers(-10**60, 10**60)
           | st.floats() | any_text)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=20)
figures = st.sampled_from([0, 5, 50, 85, 100, 150, 400, 600, 1000, -5, 3, 7]) | st.integers(-2, 10) | json_values
variations = (st.lists(st.sampled_from(VARIATIONS), max_size=3).map(
    lambda pairs: {k: int(v) if v.isdigit() else v for k, v in pairs}) | json_values)
team_entries = st.fixed_dictionaries({}, optional={
    "name": any_text | json_values,
    "sets": st.dictionaries(st.sampled_from(SET_IDS), st.integers(-1, 3) | json_values, max_size=3) | json_values,
    "went_out": st.booleans() | json_values, "concealed": st.booleans() | json_values,
    "melded": st.booleans() | st.none() | json_values, "progressive": figures,
    **{field: figures for field in COUNT_FIELDS},
})
rulesets = st.sampled_from(RULESET_IDS) | json_values
score_bodies = st.fixed_dictionaries({}, optional={
    "ruleset": rulesets, "variations": variations, "target": figures,
    "teams": st.lists(team_entries, max_size=4) | json_values,
})
set_bodies = st.fixed_dictionaries({}, optional={
    "ruleset": rulesets, "variations": variations,
    "cards": st.lists(st.sampled_from(["7H", "7S", "2C", "JK", "4H", "5H", "6H", "3D", "XX", "10H"]),
                      max_size=9).map(" ".join) | json_values,
})
game_teams = st.fixed_dictionaries({}, optional={
    "name": any_text | json_values,
    "players": st.lists(any_text | json_values, max_size=4) | json_values,
})
game_bodies = st.fixed_dictionaries({}, optional={
    "ruleset": rulesets, "variations": variations, "target": figures, "table": any_text | json_values,
    "teams": st.lists(game_teams, min_size=1, max_size=4) | json_values,
    "first_dealer": st.fixed_dictionaries({"team": figures, "player": figures}) | json_values,
})
hand_bodies = st.fixed_dictionaries({}, optional={
    "teams": st.lists(team_entries, max_size=3) | json_values,
    "client_token": any_text | json_values, "version": figures,
})
plain_teams = st.lists(st.fixed_dictionaries({}, optional={
    "table_points": st.sampled_from([0, 50, 100, 400]), "hand_points": st.sampled_from([0, 15, 100]),
    "red_threes": st.integers(0, 2), "black_threes_in_hand": st.integers(0, 1), "went_out": st.booleans(),
    "sets": st.dictionaries(st.sampled_from(SET_IDS), st.integers(0, 2), max_size=2),
}), min_size=2, max_size=2)
plain_scores = st.fixed_dictionaries({"ruleset": st.sampled_from(RULESET_IDS), "teams": plain_teams})
plain_games = st.fixed_dictionaries({"ruleset": st.sampled_from(RULESET_IDS), "teams": st.lists(
    st.fixed_dictionaries({"players": st.lists(st.text(min_size=1, max_size=62), min_size=2, max_size=2)},
                          optional={"name": any_text}), min_size=2, max_size=2)})
plain_sets = st.fixed_dictionaries({"ruleset": st.sampled_from(RULESET_IDS), "cards": st.builds(
    lambda rank, suits, wild: " ".join([rank + suit for suit in suits] + wild),
    st.sampled_from(["4", "7", "K", "A"]), st.lists(st.sampled_from("HSDC"), min_size=5, max_size=8),
    st.lists(st.sampled_from(["2C", "JK"]), max_size=2))})
plain_hands = st.fixed_dictionaries({"teams": plain_teams}, optional={
    "client_token": st.text(min_size=1, max_size=8), "version": st.integers(1, 4)})


def assert_answer(response, allowed):
    """A JSON answer with an allowed status; any 4xx in the contract's errors shape."""
    if currently_in_test_context():
        event(f"status {response.status_code}")  # seen with --hypothesis-show-statistics
    assert response.status_code in allowed, response.get_data(as_text=True)
    assert response.is_json
    data = response.get_json()
    if response.status_code >= 400:
        assert isinstance(data["errors"], list) and data["errors"]
        for error in data["errors"]:
            assert set(error) == {"field", "message", "code"} and error["code"]
            assert error["field"] is None or isinstance(error["field"], str)
            assert isinstance(error["message"], str) and error["message"]


def post_json(client, url, body, **kwargs):
    """POST any JSON value (NaN and Infinity included), as a script might."""
    return client.post(url, data=json.dumps(body), content_type="application/json", **kwargs)


@pytest.fixture
def game(client):
    """An open bolivia game: its hands URL and the headers that may write to it."""
    response = client.post("/api/v1/games", json={
        "ruleset": "bolivia", "teams": [{"players": ["A", "B"]}, {"players": ["C", "D"]}]})
    data = response.get_json()
    return f"/api/v1/games/{data['id']}/hands", {"X-Table-Code": data["table_code"]}


@pytest.fixture
def played_game(client, game):
    """The open game with one hand played (version 2), for corrections."""
    url, headers = game
    response = client.post(url, headers=headers, json={"teams": [
        {"sets": {"red_samba": 1, "red_canasta": 1}, "table_points": 400, "went_out": True}, {}]})
    assert response.status_code == 201
    return game


@FUZZ
@given(body=json_values | score_bodies | plain_scores)
def test_score_never_fails(client, body):
    assert_answer(post_json(client, "/api/v1/score", body), {200, 400, 422})


@FUZZ
@given(body=json_values | set_bodies | plain_sets)
def test_set_check_never_fails(client, body):
    assert_answer(post_json(client, "/api/v1/sets/check", body), {200, 400, 422})


@FUZZ
@given(body=json_values | game_bodies | plain_games)
def test_new_game_never_fails(app, client, body):
    app.config["GAMES_PER_MINUTE"] = 10**6     # this fuzz opens games in bulk; the limit: test_code_throttle.py
    assert_answer(post_json(client, "/api/v1/games", body), {201, 400, 422})


@FUZZ
@given(body=json_values | hand_bodies | plain_hands)
def test_hands_never_fail(client, game, body):
    url, headers = game
    assert_answer(post_json(client, url, body, headers=headers), {200, 201, 400, 409, 422})


@FUZZ
@given(body=json_values | hand_bodies | plain_hands)
def test_corrections_never_fail(client, played_game, body):
    url, headers = played_game
    assert_answer(client.put(f"{url}/1", data=json.dumps(body), content_type="application/json",
                             headers=headers), {200, 400, 404, 409, 422})


@FUZZ
@given(data=st.binary(max_size=300), content_type=st.sampled_from(
    ["application/json", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin-1"]))
def test_arbitrary_bytes_never_fail(client, game, data, content_type):
    url, headers = game
    for endpoint in ENDPOINTS:
        assert_answer(client.post(endpoint, data=data, content_type=content_type), {200, 201, 400, 422})
    assert_answer(client.post(url, data=data, content_type=content_type, headers=headers),
                  {200, 201, 400, 409, 422})


@pytest.mark.parametrize("depth", [10_000, 990])
def test_deeply_nested_bodies(client, game, depth):
    url, headers = game
    nested = "[" * depth + "]" * depth
    bodies = [nested, '{"teams": ' + nested + "}", '{"ruleset": "bolivia", "variations": {"jokers": '
              + nested + '}, "teams": [{"sets": {"red_canasta": ' + nested + "}}]}"]
    for body in bodies:
        for endpoint in ENDPOINTS:
            assert_answer(client.post(endpoint, data=body, content_type="application/json"), {400, 422})
        assert_answer(client.post(url, data=body, content_type="application/json", headers=headers), {400, 422})
