"""A bounded fuzz run over every route the app registers (club, records, game record included), as a
stranger and as a logged-in organiser: a fixed seed, never a 5xx, never a traceback in the log."""
import logging
import random
import re
from collections import Counter

from tests.web.club_support import PLAYERS, basic, login, open_session, organiser
from tests.web.test_fuzz import IDS, NUMBERS, RULESETS, body

REQUESTS = 1500
SEED = 31
SKIPPED = ("/static/",)                     # files; the other fuzz test sends a few
FILLERS = {"game_id": "{id}", "number": "{n}", "ruleset_id": "{rs}"}


def routes_of(app) -> list[tuple[str, str]]:
    """(method, path template) of every registered route, its variables as {id}, {n}, {rs} or {x}."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(SKIPPED):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: FILLERS.get(m.group(1), "{x}"), rule.rule)
        found += [(method, path) for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return found


def fuzz(app, clients, routes, rng) -> Counter:
    """Send REQUESTS requests over the routes; count the statuses, failing on any 5xx but a 503."""
    statuses = Counter()
    for _ in range(REQUESTS):
        method, path = rng.choice(routes)
        url = path.format(id=rng.choice(IDS + ["1", "2"]), n=rng.choice(NUMBERS), rs=rng.choice(RULESETS),
                          x=rng.choice(["1", "0", "abc", "99999999999999999999", "x" * 200, "%00"]))
        kwargs = body(rng) if method in ("POST", "PUT", "PATCH", "DELETE") else {}
        headers = basic() if rng.random() < 0.3 else {}
        if rng.random() < 0.3:
            headers["X-Table-Code"] = rng.choice(["0000", "1234", "", "x" * 100])
        answer = rng.choice(clients).open(url, method=method, headers=headers, **kwargs)
        statuses[answer.status_code] += 1
        assert answer.status_code < 500 or answer.status_code == 503, (method, url, kwargs, answer.status_code)
    return statuses


def test_fuzz_every_registered_route_no_5xx_and_no_traceback(app, caplog, capsys):
    rng = random.Random(SEED)
    app.config["PROPAGATE_EXCEPTIONS"] = False          # a 500 is counted, not raised
    app.config["GAMES_PER_MINUTE"] = 10**6
    organiser(app)
    organiser_client, stranger = app.test_client(), app.test_client()
    login(organiser_client)
    assert open_session(organiser_client, PLAYERS[:8]).status_code == 201
    routes = routes_of(app)
    assert any("/sessions" in path for _, path in routes) and any("/records" in path for _, path in routes)
    with caplog.at_level(logging.WARNING):
        statuses = fuzz(app, [organiser_client, stranger], routes, rng)
    with capsys.disabled():
        print(f"\nfuzz over {len(routes)} routes: {sum(statuses.values())} requests, "
              f"statuses {dict(sorted(statuses.items()))}")
    tracebacks = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert not tracebacks, tracebacks[0].getMessage()
    assert sum(statuses.values()) == REQUESTS and 500 not in statuses
