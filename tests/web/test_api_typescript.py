"""openapi-typescript's types of the served document accept every JSON answer the API tests received: each answer
is written into a .ts file as a literal of its operation's answer type (an unknown key is an error there) and tsc
checks it. Runs after the API tests (tests/web/conftest.py), and drives the guide's examples itself too."""
import json
import os
import subprocess
from pathlib import Path

import pytest

from app.openapi.document import EXAMPLES
from tests.web.api_answers import SEEN, keep
from tests.web.club_support import basic, organiser

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"
#: Answers a file, so that tsc names the test's own file and line when one is refused.
PER_FILE = 400


def tool(name: str) -> str:
    """A tool of node_modules/.bin; the test is skipped (failed under REQUIRE_BROWSER=1) without npm ci."""
    if not (BIN / name).exists():
        message = f"node_modules/.bin/{name} is missing: run 'npm ci' (make test does)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return str(BIN / name)


def drive_the_examples(client, app) -> None:
    """The guide's worked examples through the test client (their answers join SEEN)."""
    organiser(app)
    client.post("/api/v1/score", json=EXAMPLES["score"])
    game = client.post("/api/v1/games", json=EXAMPLES["game"]).get_json()
    url, code = f"/api/v1/games/{game['id']}", {"X-Table-Code": game["table_code"]}
    client.post(url + "/hands", json=EXAMPLES["hand"], headers=code)
    client.put(url + "/hands/1", json=EXAMPLES["correction"], headers=code)
    client.put(url + "/hands/1", json=EXAMPLES["correction"], headers=code)       # stale: the 409 holds the game
    client.get(url + "/events")
    client.get(url)
    session = client.post("/api/v1/sessions", json=EXAMPLES["session"], headers=basic()).get_json()
    client.get(f"/api/v1/sessions/{session['id']}", headers=basic())
    client.get("/api/v1/rulesets")


def typed(answer: dict, index: int) -> str:
    """One answer as a TypeScript constant of its operation's answer type."""
    kind = f'operations["{answer["operation"]}"]["responses"][{answer["status"]}]["content"]["application/json"]'
    return f"export const answer{index}: {kind} = {json.dumps(answer['body'])};\n"


@pytest.mark.after_api_tests
def test_every_answer_the_suite_received_fits_the_typescript_types(client, app, tmp_path,
                                                                   answers_held_to_the_document):
    drive_the_examples(client, app)
    keep(answers_held_to_the_document.seen)
    answers = list(SEEN.values())
    operations = {answer["operation"] for answer in answers}
    assert {"getGame", "addHand", "correctHand", "openSession", "getSession", "scoreHand"} <= operations
    document = tmp_path / "openapi.json"
    document.write_text(json.dumps(client.get("/api/v1/openapi.json").get_json()))
    made = subprocess.run([tool("openapi-typescript"), str(document), "--output", str(tmp_path / "api.ts")],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert made.returncode == 0, made.stdout + made.stderr
    files = []
    for start in range(0, len(answers), PER_FILE):
        path = tmp_path / f"answers{start // PER_FILE}.ts"
        path.write_text('import type { operations } from "./api";\n'
                        + "".join(typed(answer, start + i) for i, answer in enumerate(answers[start:start + PER_FILE])))
        files.append(str(path))
    checked = subprocess.run([tool("tsc"), "--noEmit", "--strict", "--target", "es2020", "--module", "es2020",
                              "--moduleResolution", "bundler", *files],
                             capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert checked.returncode == 0, checked.stdout[-6000:] + checked.stderr[-2000:]
