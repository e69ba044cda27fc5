"""The one cache: each game's state kept by (game id, version), never shown for another version, sized by its
setting; the pages made afresh from it."""
import re

from app import create_app
from app.extensions import db
from tests.web.pages_support import text
import pytest
from tests.web.club_support import public_club


@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

TEAMS = [{"name": "Jets", "players": ["Ann", "Bob"]}, {"name": "Sharks", "players": ["Cy", "Di"]}]


def new_game(client) -> dict:
    """A Bolivia game opened through the API: its document (id, table code, version)."""
    answer = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": TEAMS})
    assert answer.status_code == 201
    return answer.get_json()


def add_hand(client, doc: dict, points: tuple[int, int]) -> None:
    """The next hand: each team's table points alone."""
    answer = client.post(f"/api/v1/games/{doc['id']}/hands", json={"teams": [{"table_points": p} for p in points]},
                         headers={"X-Table-Code": doc["table_code"]})
    assert answer.status_code == 201, answer.get_data(as_text=True)


def correct_hand(client, doc: dict, number: int, points: tuple[int, int]) -> None:
    """Correct hand `number` from the game as it now stands."""
    version = client.get(f"/api/v1/games/{doc['id']}").get_json()["version"]
    answer = client.put(f"/api/v1/games/{doc['id']}/hands/{number}",
                        json={"teams": [{"table_points": p} for p in points], "version": version},
                        headers={"X-Table-Code": doc["table_code"]})
    assert answer.status_code == 200, answer.get_data(as_text=True)


def row_totals(page: str) -> list[list[str]]:
    """Each hand's row of the page's score table: the teams' totals as shown."""
    rows = re.findall(r'<tr class="hand-row[^"]*">(.*?)</tr>', page, re.S)
    return [re.findall(r'data-label="Total">([^<]*)<', row) for row in rows]


def test_a_new_hand_keeps_the_state_of_the_version_it_made(app, client):
    doc = new_game(client)
    add_hand(client, doc, (400, 100))
    version = client.get(f"/api/v1/games/{doc['id']}").get_json()["version"]
    add_hand(client, doc, (300, 200))
    kept = {key: state for key, state in app.extensions["state_cache"].items.items() if key[0] == doc["id"]}
    assert {key[1] for key in kept} >= {version, version + 1}
    assert [len(state.hands) for key, state in sorted(kept.items()) if key[1] in (version, version + 1)] == [1, 2]
    page = client.get(f"/games/{doc['id']}").get_data(as_text=True)
    assert row_totals(page) == [["400", "100"], ["700", "300"]]


def test_a_corrected_hand_renders_its_row_and_every_later_total_again(app, client):
    doc = new_game(client)
    for points in ((400, 100), (300, 200), (250, 150)):
        add_hand(client, doc, points)
        client.get(f"/games/{doc['id']}")
    correct_hand(client, doc, 2, (500, 200))
    page = text(client.get(f"/games/{doc['id']}"))
    assert row_totals(page) == [["400", "100"], ["900", "300"], ["1,150", "450"]]
    assert page.count('class="mark-corrected"') == 1
    assert re.search(r"Hand 2 corrected at \d\d:\d\d by the API: Jets table points 300 -> 500", page)


def test_a_second_process_reads_the_state_the_first_never_saw(app, client):
    """Two processes on one database each keep their own states: keyed by the stored version, the reader's
    state of an older version is never shown for a newer one."""
    doc = new_game(client)
    for points in ((400, 100), (300, 200)):
        add_hand(client, doc, points)
    assert row_totals(client.get(f"/games/{doc['id']}").get_data(as_text=True)) == [["400", "100"], ["700", "300"]]
    other = create_app({key: app.config[key] for key in ("TESTING", "WTF_CSRF_ENABLED", "SQLALCHEMY_DATABASE_URI")})
    try:
        writer = other.test_client()
        correct_hand(writer, doc, 1, (450, 100))
        add_hand(writer, doc, (250, 150))
        page = text(client.get(f"/games/{doc['id']}"))
        assert row_totals(page) == [["450", "100"], ["750", "300"], ["1,000", "450"]]
        assert "Hand 1 corrected at" in page and "Hand 3 entered at" in page
        add_hand(client, doc, (100, 100))            # and the first process writes on from the stored state
        assert row_totals(client.get(f"/games/{doc['id']}").get_data(as_text=True))[-1] == ["1,100", "550"]
    finally:
        with other.app_context():
            db.session.remove()
            db.engine.dispose()


def test_the_cache_takes_its_size_from_the_settings(app, client, monkeypatch):
    from app.config import STATE_CACHE_ITEMS, load_config
    from app.store.game.cache import state_cache
    with app.app_context():
        assert state_cache().size == app.config["STATE_CACHE_ITEMS"]
    app.config["STATE_CACHE_ITEMS"] = 3
    app.extensions.pop("state_cache")
    for points in ((20, 10), (30, 10), (40, 10)):
        add_hand(client, doc := new_game(client), points)
        assert client.get(f"/games/{doc['id']}").status_code == 200
    with app.app_context():
        assert state_cache().size == 3 and len(state_cache().items) <= 3      # the oldest fell out
    monkeypatch.setenv("TREYS_STATE_CACHE_ITEMS", "500")
    load_config(app)
    assert app.config["STATE_CACHE_ITEMS"] == 500
    monkeypatch.setenv("TREYS_STATE_CACHE_ITEMS", "not a number")
    load_config(app)
    assert app.config["STATE_CACHE_ITEMS"] == STATE_CACHE_ITEMS


def test_the_cache_counts_the_asks_that_found_a_state_and_those_that_did_not(app, client):
    from app.store.game.cache import forget_everything, state_cache
    doc = new_game(client)
    add_hand(client, doc, (20, 10))
    forget_everything(app)                   # counting starts afresh with nothing kept
    with app.app_context():
        cache = state_cache()
    assert (cache.hits, cache.misses) == (0, 0)
    client.get(f"/games/{doc['id']}")
    first = (cache.hits, cache.misses)
    assert first[1] > 0                       # the first page found nothing kept
    client.get(f"/games/{doc['id']}")
    assert cache.hits > first[0]              # the same page again found the state the first kept


def test_a_cache_counts_each_ask_once_and_forgets_its_counts_with_its_entries():
    from app.store.game.cache import VersionCache
    cache = VersionCache(2)
    cache.put("a", 1)
    assert cache.get("a") == 1 and cache.get("b") is None and cache.get("a") == 1
    assert (cache.hits, cache.misses) == (2, 1)
    cache.put("b", 2)
    cache.put("c", 3)
    assert cache.get("a") is None and len(cache.items) == 2               # the oldest fell out
    cache.clear()
    assert (cache.hits, cache.misses, len(cache.items)) == (0, 0, 0)
