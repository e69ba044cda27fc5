"""POST /api/v1/score and /api/v1/sets/check: the API contract's examples and every status it names."""

import pytest

SCORE = "/api/v1/score"
CHECK = "/api/v1/sets/check"


def errors_of(response, status):
    """The errors of a rejected request, after checking its status and shape."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    errors = response.get_json()["errors"]
    assert errors
    for error in errors:
        assert set(error) == {"field", "message", "code"} and error["code"]
        assert error["field"] is None or isinstance(error["field"], str)
        assert isinstance(error["message"], str) and error["message"]
    return errors


def fields_of(response, status=422):
    """The fields named by a rejected request."""
    return [error["field"] for error in errors_of(response, status)]


def bolivia_out(**extra):
    """A bolivia team going out with a red samba and a red canasta."""
    team = {"name": "A", "sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2,
            "table_points": 400, "hand_points": 0, "went_out": True, "progressive": 0}
    team.update(extra)
    return team


# --- the API contract's examples ---------------------------------------------------------------

def test_example_1_bolivia_hand(client):
    body = {"ruleset": "bolivia", "teams": [
        bolivia_out(),
        {"name": "B", "sets": {"black_canasta": 1}, "table_points": 150, "hand_points": 85,
         "black_threes_in_hand": 1, "progressive": 0},
    ]}
    response = client.post(SCORE, json=body)
    assert response.status_code == 200
    data = response.get_json()
    assert data["ruleset"] == "bolivia"
    assert data["target"] == 15000
    a, b = data["teams"]
    assert a["name"] == "A"
    assert (a["bonus"], a["cards"], a["score"], a["progressive"]) == (2400, 400, 2800, 2800)
    assert a["next_initial_meld_minimum"] == 90
    assert sorted(line["points"] for line in a["breakdown"] if line["label"] != "Table points") == [
        200, 200, 500, 1500]
    assert (b["bonus"], b["cards"], b["score"], b["progressive"]) == (300, -35, 265, 265)
    assert b["next_initial_meld_minimum"] == 50
    assert {line["label"]: line["points"] for line in b["breakdown"]} == {
        "Black Canasta x1": 300, "Table points": 150, "Hand points": -85, "Black 3s in hand x1": -100}
    assert data["winner"] is None
    assert data["game_over"] is False


@pytest.mark.parametrize("melded", [{}, {"melded": False}])
def test_example_2_unmelded_red_threes_count_minus(client, melded):
    team_b = {"name": "B", "red_threes": 2, "hand_points": 230, "progressive": 300, **melded}
    response = client.post(SCORE, json={"ruleset": "bolivia", "teams": [bolivia_out(red_threes=0), team_b]})
    assert response.status_code == 200
    b = response.get_json()["teams"][1]
    assert (b["bonus"], b["cards"], b["score"]) == (-200, -230, -430)
    assert b["progressive"] == -130
    assert b["next_initial_meld_minimum"] == 15


def test_example_3_sambola_needs_two_red_sets_and_one_black(client):
    body = {"ruleset": "sambola", "teams": [
        {"name": "A", "sets": {"red_canasta": 1, "black_canasta": 1}, "table_points": 200, "went_out": True},
        {"name": "B"},
    ]}
    errors = errors_of(client.post(SCORE, json=body), 422)
    assert [e["field"] for e in errors] == ["teams[0].went_out"]
    message = errors[0]["message"]
    assert "two red sets" in message
    assert "one black set" in message


def test_example_4_bolivia_plus_going_out_team_wins_even_if_lower(client):
    body = {"ruleset": "bolivia_plus", "teams": [
        {"name": "A", "sets": {"sequence": 1, "natural_canasta": 1, "mixed_canasta": 1},
         "red_threes": 4, "table_points": 600, "went_out": True, "progressive": 19000},
        {"name": "B", "sets": {"natural_canasta": 1}, "table_points": 500, "progressive": 25000},
    ]}
    response = client.post(SCORE, json=body)
    assert response.status_code == 200
    data = response.get_json()
    a, b = data["teams"]
    assert (a["bonus"], a["cards"], a["score"], a["progressive"]) == (3300, 600, 3900, 22900)
    assert {line["label"]: line["points"] for line in a["breakdown"]} == {
        "Sequence x1": 1500, "Natural Canasta x1": 500, "Mixed Canasta x1": 300,
        "Red treys x4": 600, "Going out": 400, "Table points": 600}
    assert b["progressive"] > a["progressive"]
    assert data["winner"] == 0
    assert data["game_over"] is True


# --- /score: more of the contract ---------------------------------------------------

def test_stock_ran_out_nobody_goes_out(client):
    body = {"ruleset": "bolivia", "teams": [{"table_points": 200, "sets": {"red_canasta": 1}}, {}]}
    response = client.post(SCORE, json=body)
    assert response.status_code == 200
    data = response.get_json()
    assert [t["name"] for t in data["teams"]] == ["Team 1", "Team 2"]
    assert data["teams"][0]["score"] == 700


@pytest.mark.parametrize("jokers", [9, "9"])
def test_variation_values_may_be_numbers(client, jokers):
    body = {"ruleset": "bolivia", "variations": {"jokers": jokers},
            "teams": [bolivia_out(), {"sets": {"black_bolivia": 2}, "table_points": 520}]}
    assert client.post(SCORE, json=body).status_code == 200
    body["variations"] = {}
    errors = errors_of(client.post(SCORE, json=body), 422)
    assert errors[0]["field"] == "teams[1].sets.black_bolivia"      # where the jokers were entered
    assert "jokers" in errors[0]["message"]


def test_unknown_rule_set_and_variation(client):
    teams = [bolivia_out(), {}]
    assert fields_of(client.post(SCORE, json={"ruleset": "canasta", "teams": teams})) == ["ruleset"]
    assert fields_of(client.post(SCORE, json={"teams": teams})) == ["ruleset"]
    assert fields_of(client.post(SCORE, json={"ruleset": ["bolivia"], "teams": teams})) == ["ruleset"]
    response = client.post(SCORE, json={"ruleset": "bolivia", "variations": {"decks": "german"}, "teams": teams})
    assert fields_of(response) == ["variations.decks"]
    response = client.post(SCORE, json={"ruleset": "bolivia", "variations": {"jokers": 7}, "teams": teams})
    assert fields_of(response) == ["variations.jokers"]
    response = client.post(SCORE, json={"ruleset": "bolivia", "variations": {"jokers": [9]}, "teams": teams})
    assert fields_of(response) == ["variations.jokers"]
    response = client.post(SCORE, json={"ruleset": "bolivia", "variations": [9], "teams": teams})
    assert fields_of(response) == ["variations"]


def test_type_problems_name_their_fields(client):
    body = {"ruleset": "bolivia", "teams": [
        bolivia_out(table_points="400", went_out="yes"),
        {"sets": {"black_canasta": 1.5}, "hand_points": 10**40, "colour": "red"},
    ]}
    assert sorted(fields_of(client.post(SCORE, json=body))) == sorted([
        "teams[0].table_points", "teams[0].went_out", "teams[1].sets.black_canasta",
        "teams[1].hand_points", "teams[1].colour"])


@pytest.mark.parametrize("teams", [None, [], {}, "two", [bolivia_out(), {}, {}, {}]])
def test_teams_must_be_a_list_of_teams(client, teams):
    body = {"ruleset": "bolivia"}
    if teams is not None:
        body["teams"] = teams
    assert fields_of(client.post(SCORE, json=body)) == ["teams"]


def test_rule_problems_come_from_the_engine(client):
    def fields(*teams, ruleset="bolivia"):
        return fields_of(client.post(SCORE, json={"ruleset": ruleset, "teams": list(teams)}))

    assert fields(bolivia_out(), bolivia_out(name="B")) == ["teams[1].went_out"]
    assert fields(bolivia_out(table_points=402), {}) == ["teams[0].table_points"]
    assert fields(bolivia_out(table_points=-5), {}) == ["teams[0].table_points"]
    assert fields(bolivia_out(progressive=12), {}) == ["teams[0].progressive"]
    assert fields(bolivia_out(sets={"sequence": 1}), {}) == ["teams[0].sets.sequence"]
    assert fields(bolivia_out(), {"concealed": True}) == ["teams[1].concealed"]
    assert fields(bolivia_out(), {"melded": False, "table_points": 50}) == ["teams[1].melded"]
    assert fields(bolivia_out(), {"black_threes_melded": 2}) == ["teams[1].black_threes_melded"]
    assert fields(bolivia_out(), {"red_threes": 5}) == ["teams[1].red_threes"]   # the pack holds 6
    assert fields(bolivia_out(), {"sets": {"red_bolivia": 1}, "table_points": 100}) == ["teams[1].table_points"]
    assert fields(bolivia_out(), {"red_threes_in_hand": 1}) == ["teams[1].red_threes_in_hand"]
    assert fields(bolivia_out(), {"failed_go_outs": 1}) == ["teams[1].failed_go_outs"]
    assert fields({"black_threes_melded": 3, "went_out": True,
                   "sets": {"red_canasta": 2, "black_canasta": 1}, "table_points": 200}, {},
                  ruleset="sambola") == ["teams[0].black_threes_melded"]


def test_sambola_three_players_alone(client):
    teams = [{"name": "Ann", "sets": {"red_canasta": 1, "black_canasta": 1}, "table_points": 100,
              "went_out": True}, {"name": "Bob"}, {"name": "Cy"}]
    body = {"ruleset": "sambola", "teams": teams}
    assert fields_of(client.post(SCORE, json=body)) == ["teams[0].went_out"]
    body["variations"] = {"solo_go_out": "two_sets"}
    response = client.post(SCORE, json=body)
    assert response.status_code == 200
    assert len(response.get_json()["teams"]) == 3


def test_target_overrides_the_rule_set(client):
    body = {"ruleset": "bolivia", "target": 2500, "teams": [bolivia_out(), {}]}
    data = client.post(SCORE, json=body).get_json()
    assert data["target"] == 2500
    assert (data["winner"], data["game_over"]) == (0, True)
    for bad in (0, -5, 2502, "2500", 2500.0, True, 10**12):
        body["target"] = bad
        assert fields_of(client.post(SCORE, json=body)) == ["target"]


def test_unknown_top_level_field_is_refused(client):
    body = {"ruleset": "bolivia", "teams": [bolivia_out(), {}], "variation": {"jokers": 9}}
    assert fields_of(client.post(SCORE, json=body)) == ["variation"]


@pytest.mark.parametrize("data, content_type", [
    (b"[1, 2]", "application/json"),
    (b"\"bolivia\"", "application/json"),
    (b"null", "application/json"),
    (b"{\"ruleset\": ", "application/json"),
    (b"", "application/json"),
    (b"\xff\xfe\x00", "application/json"),
    (b"{\"ruleset\": \"bolivia\"}", "text/plain"),
    (b"ruleset=bolivia", "application/x-www-form-urlencoded"),
    (b"{\"n\": " + b"9" * 5000 + b"}", "application/json"),
])
def test_body_that_is_not_a_json_object_is_400(client, data, content_type):
    errors = errors_of(client.post(SCORE, data=data, content_type=content_type), 400)
    assert errors[0]["field"] is None


def test_deeply_nested_body_is_400(client):
    deep = "[" * 10000 + "]" * 10000
    errors_of(client.post(SCORE, data=deep, content_type="application/json"), 400)
    inside = '{"ruleset": "bolivia", "teams": ' + deep + "}"
    errors_of(client.post(SCORE, data=inside, content_type="application/json"), 400)


def test_get_is_not_allowed(client):
    errors_of(client.get(SCORE), 405)


def test_csrf_token_is_not_needed(csrf_client):
    body = {"ruleset": "bolivia", "teams": [bolivia_out(), {}]}
    assert csrf_client.post(SCORE, json=body).status_code == 200
    assert csrf_client.post(CHECK, json={"ruleset": "bolivia", "cards": "7H 7S 7D 7C 7H 7S 7D"}).status_code == 200


# --- /sets/check ---------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, cards, set_id, bonus, points", [
    ("bolivia", "7h 7s 7d 7c 7h 7s 7d", "red_canasta", 500, 35),
    ("bolivia", "4H,5H,6H,7H,8H,9H,10H", "red_samba", 1500, 50),
    ("bolivia", "2C 2D 2H JK JK JK JK", "black_bolivia", 3000, 260),
    ("bolivia", "KH KS KD KC KH 2C JK", "black_canasta", 300, 120),
    ("sambola", "8S 9S 10S JS QS KS 2H", "black_samba", 700, 80),
    ("bolivia_plus", "7D 8D 9D 10D JD QD KD", "sequence", 1500, 65),
    ("bolivia_classic", "2C 2D 2H 2S JK JK JK", "bolivia", 2500, 230),
])
def test_set_check_names_the_set(client, ruleset, cards, set_id, bonus, points):
    response = client.post(CHECK, json={"ruleset": ruleset, "cards": cards})
    assert response.status_code == 200
    data = response.get_json()
    assert data == {"ruleset": ruleset, "cards": data["cards"], "type": set_id,
                    "name": data["name"], "bonus": bonus, "points": points}
    assert data["cards"] == data["cards"].upper()
    assert data["name"]


def test_set_check_with_a_variation(client):
    body = {"ruleset": "sambola", "variations": {"samba_bonus": "original"},
            "cards": "4H 5H 6H 7H 8H 9H 10H"}
    assert client.post(CHECK, json=body).get_json()["bonus"] == 1500


@pytest.mark.parametrize("cards, words", [
    ("7H 7S 7D", "at least 7 cards"),
    ("7H 7S 7D 7C 7H 7S XX", "'XX' is not a card"),
    ("", "No cards given"),
    ("3H 3S 3D 3C 3H 3S 3D", "3s are never"),
    ("7H 8S 9D 10C JH QS KD", "neither all of one value nor all of one suit"),
    ("7H 7H 7H 7H 7S 7S 7S", "played with 3 7H cards"),
])
def test_set_check_gives_the_reasons(client, cards, words):
    errors = errors_of(client.post(CHECK, json={"ruleset": "bolivia", "cards": cards}), 422)
    assert errors[0]["field"] == "cards"
    assert any(words in e["message"] for e in errors), errors


def test_set_check_request_problems(client):
    assert fields_of(client.post(CHECK, json={"ruleset": "bolivia"})) == ["cards"]
    assert fields_of(client.post(CHECK, json={"ruleset": "bolivia", "cards": ["7H"]})) == ["cards"]
    assert fields_of(client.post(CHECK, json={"ruleset": "bolivia", "cards": "7H " * 300})) == ["cards"]
    assert fields_of(client.post(CHECK, json={"ruleset": "nope", "cards": "7H"})) == ["ruleset"]
    assert fields_of(client.post(CHECK, json={"ruleset": "bolivia", "cards": "7H", "x": 1})) == ["x"]
    errors_of(client.post(CHECK, data=b"[]", content_type="application/json"), 400)
