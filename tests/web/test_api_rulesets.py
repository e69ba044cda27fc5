"""GET /api/v1/rulesets and /api/v1/rulesets/<id>: every rule set described from its data."""

import pytest

from app.rules import all_rulesets, get_ruleset

IDS = ["bolivia", "sambola", "bolivia_plus", "bolivia_classic", "bolivia_hoyle"]
KEYS = {"id", "name", "summary", "source", "target", "pack", "set_types", "going_out", "red_threes",
        "black_threes", "initial_meld_table", "variations", "house_readings", "team_options"}


def test_list_names_the_five_rule_sets_in_order(client):
    response = client.get("/api/v1/rulesets")
    assert response.status_code == 200
    assert response.is_json
    rulesets = response.get_json()["rulesets"]
    assert [r["id"] for r in rulesets] == IDS
    for described in rulesets:
        assert KEYS <= set(described)


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_each_rule_set_matches_its_data(client, ruleset):
    response = client.get(f"/api/v1/rulesets/{ruleset.id}")
    assert response.status_code == 200
    data = response.get_json()
    assert data["name"] == ruleset.name
    assert data["target"] == ruleset.target
    assert data["source"] == ruleset.source
    assert data["pack"] == {"packs": ruleset.pack.packs, "jokers": ruleset.pack.jokers,
                            "red_threes": ruleset.pack.red_threes,
                            "black_threes": ruleset.pack.black_threes, "twos": ruleset.pack.twos}
    assert [(s["id"], s["name"], s["bonus"]) for s in data["set_types"]] == [
        (s.id, s.name, s.bonus) for s in ruleset.set_types]
    assert all(s["description"] for s in data["set_types"])
    assert data["going_out"]["requirement"] == ruleset.requirement.words
    assert data["going_out"]["bonus"] == ruleset.going_out_bonus
    assert data["going_out"]["concealed_bonus"] == ruleset.concealed_bonus
    assert [v["id"] for v in data["variations"]] == [v.id for v in ruleset.variations]
    assert data["house_readings"] == list(ruleset.house_readings)
    assert data["house_readings"]
    assert len(data["red_threes"]["table"]) == ruleset.pack.red_threes
    assert data["black_threes"]["rules"]
    assert data["initial_meld_table"][0]["from"] is None
    assert data["initial_meld_table"][-1]["to"] is None


def test_bolivia_figures(client):
    data = client.get("/api/v1/rulesets/bolivia").get_json()
    assert data["target"] == 15000
    assert data["pack"] == {"packs": 3, "jokers": 6, "red_threes": 6, "black_threes": 6, "twos": 12}
    assert {s["id"]: s["bonus"] for s in data["set_types"]} == {
        "red_canasta": 500, "black_canasta": 300, "red_samba": 1500, "black_samba": 1000,
        "mixed_bolivia": 2000, "black_bolivia": 3000, "red_bolivia": 4000}
    assert data["going_out"]["bonus"] == 200
    assert data["going_out"]["concealed_bonus"] == 200
    assert [row["points"] for row in data["red_threes"]["table"]] == [100, 200, 300, 400, 500, 1200]
    assert data["initial_meld_table"] == [
        {"from": None, "to": -5, "minimum": 15}, {"from": 0, "to": 1495, "minimum": 50},
        {"from": 1500, "to": 2995, "minimum": 90}, {"from": 3000, "to": 6995, "minimum": 120},
        {"from": 7000, "to": None, "minimum": 150}]
    assert data["variations"] == [{"id": "jokers", "name": "Jokers in the pack", "values": ["6", "9"],
                                   "default": "6", "description": "3 packs with 6 jokers, or with 9 jokers.",
                                   "solo_only": False}]
    assert any("\u2212100" in line for line in data["black_threes"]["rules"])   # a real minus, as on the pages
    assert any("not melded" in line for line in data["red_threes"]["rules"])


def test_sambola_variations_and_solo_play(client):
    data = client.get("/api/v1/rulesets/sambola").get_json()
    assert data["target"] == 10000
    variations = {v["id"]: v for v in data["variations"]}
    assert variations["samba_bonus"]["values"] == ["standard", "original"]
    assert variations["solo_go_out"]["solo_only"] is True
    assert variations["solo_go_out"]["values"] == ["standard", "three_sets", "two_sets"]
    assert data["team_options"]["solo_players"] == [2, 3]
    assert "two red sets" in data["going_out"]["requirement"]
    assert any("never be melded" in line for line in data["black_threes"]["rules"])


def test_bolivia_plus_trey_table_and_meld_table(client):
    data = client.get("/api/v1/rulesets/bolivia_plus").get_json()
    assert [row["points"] for row in data["red_threes"]["table"]] == [
        100, 200, 300, 600, 800, 1000, 1200, 1400]
    assert data["going_out"]["bonus"] == 400
    assert data["failed_go_out_points"] == -400
    assert data["black_threes"]["meld_range"] == [3, 8]
    assert data["initial_meld_table"][1] == {"from": 0, "to": 3995, "minimum": 50}
    assert data["team_options"]["team_sizes"] == [3, 2]


def test_classic_and_hoyle_going_out_bonuses(client):
    classic = client.get("/api/v1/rulesets/bolivia_classic").get_json()
    hoyle = client.get("/api/v1/rulesets/bolivia_hoyle").get_json()
    assert (classic["going_out"]["bonus"], classic["going_out"]["concealed_bonus"]) == (100, 200)
    assert (hoyle["going_out"]["bonus"], hoyle["going_out"]["concealed_bonus"]) == (100, 200)
    assert hoyle["pack"]["red_threes"] == 4
    assert [row["points"] for row in hoyle["red_threes"]["table"]] == [100, 200, 300, 800]
    assert any("only for a team that has the sets" in line for line in classic["red_threes"]["rules"])


def test_description_follows_the_data_not_a_copy(client):
    plus = get_ruleset("bolivia_plus")
    data = client.get("/api/v1/rulesets/bolivia_plus").get_json()
    assert data["going_out"]["slots"][0] == ["sequence"]
    assert len(data["going_out"]["slots"]) == len(plus.requirement.slots)


def test_unknown_rule_set_is_404_json(client):
    response = client.get("/api/v1/rulesets/canasta")
    assert response.status_code == 404
    assert response.is_json
    errors = response.get_json()["errors"]
    assert errors[0]["field"] is None
    assert "canasta" in errors[0]["message"]
