"""The API describes itself: the OpenAPI document names every /api/v1 route and method, its worked examples
answer as documented, and schemathesis, run against the served document as an organiser, finds nothing."""
import re
from datetime import datetime
import subprocess
import sys
from pathlib import Path

import pytest
import time_machine
import schemathesis

from app.openapi.document import EXAMPLES, STATUS_WORDS, openapi_document
from app.rules.codes import Code
from tests.conftest import served
from tests.web.club_support import NAME, PASSWORD, basic, organiser

PREFIX = "/api/v1"
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
SEED, EXAMPLES_PER_OPERATION = 20261126, 12
#: The guide's session without its end time: "16:00" has passed on the club's clock every afternoon after four.
UNTIMED_SESSION = EXAMPLES["session"] | {"format": {"kind": "time"}}


def documented_paths(rule: str) -> list[str]:
    """The OpenAPI paths a Flask rule serves: <int:x> becomes {x}, <any(a, b):x> one path per word."""
    path = re.sub(r"<(?!any\()(?:[^:<>]+:)?(\w+)>", r"{\1}", rule.removeprefix(PREFIX))
    choices = re.search(r"<any\(([^)]*)\):\w+>", path)
    if choices:
        return [path.replace(choices.group(0), word.strip()) for word in choices.group(1).split(",")]
    return [path]


def served_operations(app) -> set[tuple[str, str]]:
    """(path, method) of every route under /api/v1, from the app's url_map."""
    return {(path, method.lower()) for rule in app.url_map.iter_rules() if rule.rule.startswith(PREFIX + "/")
            for path in documented_paths(rule.rule) for method in rule.methods - {"HEAD", "OPTIONS"}}


def test_the_document_names_every_route_and_method_the_api_serves(app):
    operations = served_operations(app)
    assert len(operations) >= 17
    described = {(path, method) for path, item in openapi_document()["paths"].items() for method in item}
    assert described == operations


def test_the_served_document_is_openapi_3_1_with_both_ways_to_sign_in(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    document = response.get_json()
    assert document["openapi"] == "3.1.0"
    schemes = document["components"]["securitySchemes"]
    assert schemes["organiser"] == {"type": "http", "scheme": "basic", "description": "An organiser's name and password."}
    assert (schemes["tableCode"]["in"], schemes["tableCode"]["name"]) == ("header", "X-Table-Code")


def test_every_refusal_a_route_documents_carries_the_error_body_and_its_words():
    for path, item in openapi_document()["paths"].items():
        for method, operation in item.items():
            for status, answer in operation["responses"].items():
                if int(status) >= 400:
                    assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
                    codes = answer["x-codes"]
                    assert codes and set(codes) <= set(Code), (path, method, status)
                    assert answer["description"] == f"{STATUS_WORDS[int(status)]} Codes: {', '.join(codes)}."


def test_the_request_limits_are_the_ones_the_api_checks():
    schemas = openapi_document()["components"]["schemas"]
    team = schemas["GameRequest"]["properties"]["teams"]["items"]
    assert team["properties"]["players"]["items"]["maxLength"] == 60
    assert schemas["GameRequest"]["properties"]["table"]["maxLength"] == 40
    assert schemas["HandRequest"]["properties"]["client_token"]["maxLength"] == 64
    assert schemas["SetCheckRequest"]["properties"]["cards"]["maxLength"] == 500
    figure = schemas["ScoreRequest"]["properties"]["teams"]["items"]["properties"]["table_points"]
    assert (figure["minimum"], figure["maximum"]) == (-10_000_000, 10_000_000)


@pytest.fixture
def described(app):
    """The app's document, loaded by schemathesis, to hold answers against."""
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


def held(described, path: str, method: str, response, status: int):
    """The answer has the status expected and the shape the document gives for it."""
    assert response.status_code == status, response.get_data(as_text=True)
    described[path][method].validate_response(response)
    return response.get_json()


def test_the_worked_examples_answer_as_the_document_says(client, described, app):
    organiser(app)
    held(described, "/score", "POST", client.post("/api/v1/score", json=EXAMPLES["score"]), 200)
    held(described, "/sets/check", "POST", client.post("/api/v1/sets/check", json=EXAMPLES["set"]), 200)
    game = held(described, "/games", "POST", client.post("/api/v1/games", json=EXAMPLES["game"]), 201)
    url, code = f"/api/v1/games/{game['id']}", {"X-Table-Code": game["table_code"]}
    held(described, "/games/{game_id}/hands", "POST", client.post(url + "/hands", json=EXAMPLES["hand"], headers=code), 201)
    held(described, "/games/{game_id}/hands", "POST", client.post(url + "/hands", json=EXAMPLES["hand"], headers=code), 200)
    held(described, "/games/{game_id}/hands/{number}", "PUT",
         client.put(url + "/hands/1", json=EXAMPLES["correction"], headers=code), 200)
    stale = held(described, "/games/{game_id}/hands/{number}", "PUT",
                 client.put(url + "/hands/1", json=EXAMPLES["correction"], headers=code), 409)
    assert stale["game"]["version"] == 3
    held(described, "/games/{game_id}/hands", "POST", client.post(url + "/hands", json=EXAMPLES["hand"]), 403)
    held(described, "/games/{game_id}/events", "GET", client.get(url + "/events", headers=code), 200)
    held(described, "/games/{game_id}/end", "POST", client.post(url + "/end", headers=code), 200)
    held(described, "/games/{game_id}/hands/{number}", "DELETE", client.delete(url + "/hands/1", headers=code), 409)
    session = held(described, "/sessions", "POST", client.post("/api/v1/sessions", json=UNTIMED_SESSION,
                                                                 headers=basic()), 201)
    held(described, "/sessions/{session_id}", "GET", client.get(f"/api/v1/sessions/{session['id']}"), 401)
    held(described, "/sessions/{session_id}/call-time", "POST",
         client.post(f"/api/v1/sessions/{session['id']}/call-time", headers=basic()), 200)
    held(described, "/sessions/{session_id}", "GET",
         client.get(f"/api/v1/sessions/{session['id']}", headers=basic()), 200)
    held(described, "/rulesets/{ruleset_id}", "GET", client.get("/api/v1/rulesets/whist"), 404)
    held(described, "/score", "POST", client.post("/api/v1/score", data="[1]", content_type="application/json"), 400)


def test_schemathesis_finds_nothing_against_the_served_document(tmp_path_factory, tmp_path):
    with served(tmp_path_factory, schema="treys_openapi", GAMES_PER_MINUTE=10**6) as (app, base_url):
        organiser(app)
        run = subprocess.run(
            [str(Path(sys.executable).with_name("schemathesis")), "run", f"{base_url}/api/v1/openapi.json",
             "--checks", CHECKS, "--seed", str(SEED), "--max-examples", str(EXAMPLES_PER_OPERATION),
             "--phases", "examples,fuzzing,stateful", "--workers", "1", "--no-shrink",
             "--auth", f"{NAME}:{PASSWORD}", "--suppress-health-check", "all",
             "--report", "junit", "--report-dir", str(tmp_path)],
            capture_output=True, text=True, timeout=900, cwd=tmp_path)   # its cache stays out of the project
    print(run.stdout[-3000:])
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    tested = int(re.search(r"Tested: +(\d+)", run.stdout).group(1))
    generated, passed = map(int, re.search(r"(\d+) generated, (\d+) passed", run.stdout).groups())
    assert tested >= 23 and generated == passed >= 200


def test_the_api_page_shows_every_route_its_sign_in_and_its_limits(client):
    page = client.get("/help/api")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    for path, item in openapi_document()["paths"].items():
        for method in item:
            assert f"<code>{method.upper()} /api/v1{path}</code>" in text
    assert "The game&#39;s table code in the X-Table-Code header" in text
    assert "An organiser&#39;s name and password (HTTP Basic)" in text
    assert "at most 64 characters" in text and "https://" not in text


#: The worked examples' afternoon ends at 16:00 on the club's clock: they are played in the morning, whenever the
#: suite runs (a naive time is the machine's local time, the club's clock when no TREYS_TIMEZONE is set).
@time_machine.travel(datetime(2026, 11, 27, 10, 0), tick=True)
def test_the_convenors_worked_examples_answer_as_the_document_says(client, described, app):
    organiser(app)
    session = held(described, "/sessions", "POST", client.post("/api/v1/sessions", json=EXAMPLES["session"],
                                                                 headers=basic()), 201)
    assert session["draw_words"]
    table = session["tables"][0]
    url, code = f"/api/v1/games/{table['game_id']}", {"X-Table-Code": table["table_code"]}
    held(described, "/games/{game_id}/hands", "POST", client.post(url + "/hands", json=EXAMPLES["hand"], headers=code), 201)
    other = table["teams"][1][0]
    agreed = held(described, "/games/{game_id}/hands/{number}/agreement", "POST",
                  client.post(url + "/hands/1/agreement", json={"agreed": True, "player": other}, headers=code), 200)
    assert (agreed["agreed_by"], agreed["awaiting_agreement"]) == (other, None)
    held(described, "/games/{game_id}/hands/{number}/agreement", "POST",
         client.post(url + "/hands/1/agreement", json={"agreed": True, "player": other}, headers=code), 409)
    call = held(described, "/games/{game_id}/call", "POST", client.post(url + "/call", json=EXAMPLES["call"],
                                                                        headers=code), 201)["call"]
    held(described, "/games/{game_id}/call", "POST", client.post(url + "/call", headers=code), 200)
    sid = session["id"]
    board = held(described, "/sessions/{session_id}", "GET", client.get(f"/api/v1/sessions/{sid}", headers=basic()), 200)
    assert [c["id"] for c in board["calls"]] == [call["id"]] and board["agreement"] is True
    assert board["clock"]["ends_at"] == "16:00"
    cleared = held(described, "/sessions/{session_id}/calls/{call_id}/clear", "POST",
                   client.post(f"/api/v1/sessions/{sid}/calls/{call['id']}/clear", headers=basic()), 200)
    assert cleared["call"]["cleared"] is True and cleared["calls"] == []
    held(described, "/sessions/{session_id}/calls/{call_id}/clear", "POST",
         client.post(f"/api/v1/sessions/{sid}/calls/{call['id']}/clear", headers=basic()), 409)
    late = held(described, "/sessions/{session_id}/latecomers", "POST",
                client.post(f"/api/v1/sessions/{sid}/latecomers", json=EXAMPLES["latecomer"], headers=basic()), 200)
    assert late["name"] == "Jo"
    leaving = table["teams"][0][0]
    swap = held(described, "/sessions/{session_id}/substitutes", "POST",
                client.post(f"/api/v1/sessions/{sid}/substitutes", json={"leaving": leaving, "substitute": "Kit"},
                            headers=basic()), 200)
    assert swap["substitutions"][0]["came"] == "Kit" and swap["substitutions"][0]["from_hand"] == 2
    players = held(described, "/players", "GET", client.get("/api/v1/players", headers=basic()), 200)["players"]
    held(described, "/players/{player_id}", "GET", client.get(f"/api/v1/players/{players[0]['id']}", headers=basic()), 200)
    held(described, "/players/{player_id}", "GET", client.get("/api/v1/players/999999", headers=basic()), 404)


def schemas_in(node, at="#"):
    """Every schema-like object of the document with where it is."""
    if isinstance(node, dict):
        yield at, node
        for key, value in node.items():
            yield from schemas_in(value, f"{at}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schemas_in(value, f"{at}/{i}")


def test_every_array_has_items_and_every_object_is_described_field_by_field():
    document = openapi_document()
    bare = []
    for at, node in schemas_in(document["components"]["schemas"], "#/components/schemas"):
        kinds = node.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "array" in kinds and "items" not in node:
            bare.append(at)
        if "object" in kinds and "properties" not in node and not isinstance(node.get("additionalProperties"), dict) \
                and not at.startswith("#/components/schemas/OpenApiDocument"):
            bare.append(at)
    assert bare == []


def test_the_headers_a_client_acts_on_are_declared():
    paths = openapi_document()["paths"]
    assert set(paths["/games"]["post"]["responses"]["201"]["headers"]) == {"Location"}
    for item in paths.values():
        for operation in item.values():
            for status, answer in operation["responses"].items():
                expected = {"401": {"WWW-Authenticate"}, "429": {"Retry-After"}, "503": {"Retry-After"}}.get(status)
                if expected:
                    assert set(answer["headers"]) == expected, (operation["operationId"], status)


def test_the_table_routes_have_their_own_tag():
    paths = openapi_document()["paths"]
    assert paths["/games/{game_id}/call"]["post"]["tags"] == ["Tables"]
    assert paths["/games/{game_id}/hands/{number}/agreement"]["post"]["tags"] == ["Tables"]
