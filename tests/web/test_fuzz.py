"""A bounded fuzz run over every endpoint and form: a fixed seed, a few thousand requests, never a 5xx."""
import json
import logging
import random
from collections import Counter

from tests.web.pages_support import open_game, post_hand

REQUESTS = 3000
SEED = 12
NASTY = ["", " ", "0", "1", "-1", "5", "50", "485", "1e9", "0x10", "NaN", "∞", "١٢", "99999999999999999999999",
         "<script>", "'; DROP TABLE", "5.0", "−5", "\x00", "\r\nX: y", "y" * 3000, "none", "team0", "team1",
         "on", "y", "bolivia", "sambola", "bolivia_plus", "4", "6", "2", "0-0", "1-1", "JK 2 A A A A A",
         "/games/1/hands/new", "//evil.example", "%0d%0a"]
FIELDS = ["ruleset", "players", "first_dealer", "table_label", "team0_name", "p0_0", "p1_1", "v_bolivia_jokers",
          "went_out", "concealed", "version", "client_token", "csrf_token", "code", "next", "cards",
          "team0-red_threes", "team1-table_points", "team0-hand_points", "team0-set_red_samba",
          "team1-set_black_canasta", "team2-red_threes", "team0-not_melded", "team0-melded_yes", "bogus"]
IDS = ["1", "2", "3", "0", "-1", "424242", "2147483647", "2147483648", "99999999999999999999", "abc", "1.5"]
NUMBERS = ["1", "2", "0", "99", "-1", "2147483648", "99999999999999999999"]
RULESETS = ["bolivia", "sambola", "bolivia_plus", "bolivia_classic", "bolivia_hoyle", "nope", "%00", "x" * 300]
PATHS = [
    ("GET", "/"), ("GET", "/healthz"), ("GET", "/rules"), ("GET", "/rules/{rs}"), ("GET", "/sets/check"),
    ("POST", "/sets/check"), ("POST", "/sets/check/verdict"), ("GET", "/games/new"), ("POST", "/games/new"),
    ("GET", "/games/{id}"), ("POST", "/games/{id}/code"), ("GET", "/games/{id}/hands/new"),
    ("POST", "/games/{id}/hands/new"), ("GET", "/games/{id}/hands/{n}/edit"), ("POST", "/games/{id}/hands/{n}/edit"),
    ("GET", "/games/{id}/hands/{n}/remove"), ("POST", "/games/{id}/hands/{n}/remove"),
    ("POST", "/games/{id}/preview"), ("POST", "/games/{id}/hands/{n}/preview"), ("GET", "/api/v1/rulesets"),
    ("GET", "/api/v1/rulesets/{rs}"), ("POST", "/api/v1/score"), ("POST", "/api/v1/sets/check"),
    ("POST", "/api/v1/games"), ("GET", "/api/v1/games/{id}"), ("POST", "/api/v1/games/{id}/hands"),
    ("PUT", "/api/v1/games/{id}/hands/{n}"), ("DELETE", "/api/v1/games/{id}/hands/{n}"),
    ("GET", "/static/js/{rs}"), ("PATCH", "/games/{id}"),
]
RARE_PDFS = [("GET", "/games/{id}/sheet.pdf"), ("GET", "/rulesets/{rs}/pad.pdf")]


def json_value(rng: random.Random, depth: int = 0):
    """A random JSON value, sometimes close to what the API takes."""
    kind = rng.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return rng.choice(NASTY)
    if kind == 1:
        return rng.choice([0, 1, -5, 50, 10**30, 2.5, True, None])
    if kind == 2:
        return rng.choice(["bolivia", "sambola", None])
    if kind == 3:
        return {"ruleset": "bolivia", "teams": [{"name": "A", "players": ["a", "b"]}, {"name": "B", "players": ["c", "d"]}]}
    if kind == 4:
        return [json_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(FIELDS + ["teams", "entries", "sets", "totals", "target"]): json_value(rng, depth + 1)
            for _ in range(rng.randrange(5))}


def body(rng: random.Random) -> dict:
    """Keyword arguments for the test client: a form, JSON, or raw bytes of some content type."""
    kind = rng.randrange(5)
    if kind <= 1:
        return {"data": {rng.choice(FIELDS): rng.choice(NASTY) for _ in range(rng.randrange(8))}}
    if kind == 2:
        return {"json": json_value(rng)}
    if kind == 3:
        return {"data": bytes(rng.randrange(256) for _ in range(rng.randrange(64))),
                "content_type": rng.choice(["application/json", "application/x-www-form-urlencoded",
                                            "multipart/form-data", "text/plain"])}
    return {"data": json.dumps(json_value(rng))[:-1], "content_type": "application/json"}   # cut short


def request_for(rng: random.Random, number: int):
    """The i-th request: method, url, client keyword arguments."""
    method, path = rng.choice(RARE_PDFS) if number % 300 == 0 else rng.choice(PATHS)
    url = path.format(id=rng.choice(IDS), n=rng.choice(NUMBERS), rs=rng.choice(RULESETS))
    if rng.random() < 0.2:
        url += "?" + rng.choice(["version=x", "version=99999999999999999999", "teams=3", "decks=german",
                                 "ruleset=%00", "next=%0d%0a"])
    kwargs = body(rng) if method in ("POST", "PUT", "PATCH", "DELETE") else {}
    headers = {}
    if rng.random() < 0.5:
        headers["X-Table-Code"] = rng.choice(["0000", "1234", "", "x" * 100, "١٢٣٤"])
    if rng.random() < 0.3:
        headers["Origin"] = rng.choice(["http://localhost", "http://evil.example"])
    return method, url, {**kwargs, "headers": headers,
                         "environ_base": {"REMOTE_ADDR": f"10.0.{rng.randrange(4)}.{rng.randrange(250)}"}}


def fuzz(app, clients, rng) -> Counter:
    """Send REQUESTS requests; count the statuses."""
    statuses = Counter()
    for number in range(REQUESTS):
        method, url, kwargs = request_for(rng, number)
        answer = rng.choice(clients).open(url, method=method, **kwargs)
        statuses[answer.status_code] += 1
        assert answer.status_code < 500 or answer.status_code == 503, (method, url, kwargs, answer.status_code)
    return statuses


def test_fuzz_every_endpoint_no_5xx_and_no_traceback(app, csrf_app, caplog, capsys):
    rng = random.Random(SEED)
    app.config["PROPAGATE_EXCEPTIONS"] = csrf_app.config["PROPAGATE_EXCEPTIONS"] = False   # a 500 is counted
    owner = app.test_client()
    for ruleset in ("bolivia", "sambola", "bolivia_plus"):
        game_id = open_game(owner, ruleset, "6" if ruleset == "bolivia_plus" else "4")
        post_hand(owner, game_id, [{"table_points": 50}, {}], "none")
    csrf_owner = csrf_app.test_client()
    csrf_owner.get("/games/new")
    with caplog.at_level(logging.WARNING):
        statuses = fuzz(app, [owner, app.test_client()], rng)
        statuses += fuzz(csrf_app, [csrf_owner, csrf_app.test_client()], rng)
    with capsys.disabled():
        print(f"\nfuzz: {sum(statuses.values())} requests, statuses {dict(sorted(statuses.items()))}")
    tracebacks = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not tracebacks, tracebacks[0].getMessage()
    assert sum(statuses.values()) == 2 * REQUESTS and 500 not in statuses
