"""Every earlier schema revision, filled by the release that wrote it, upgrades to head keeping every figure.

Each fixture (tests/migrations/fixtures/<revision>/) holds the rows as INSERTs and the figures the release read
from them: every hand's scores and progressive totals per team, winners, teams, players and their ids, hand
times, sessions (who came, call time), members, organisers, the ladder, each player's record, the rows of the
games and hands spreadsheets and each session's results of the day. The rows are
loaded at their revision, upgraded to head, read by today's code and compared; then one step down and up again.

Games and sessions are renumbered on the way (i10_public_ids: random public ids, handed out smallest first in the
order the rows were made), so the figures are compared with the ids followed: the n-th smallest id read now
stands for the n-th smallest id the release read (`followed`), after checking every id read now is public.

Each revision's rows are upgraded once and checked twice (at head, and after one step down and up again): the
upgrade is the slow part, and the second check starts from the database the first one read.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.store.base.ids import FIRST_PUBLIC_ID, PUBLIC_ID_LIMIT
from tests.migrations.making.dump import statements
from tests.migrations.support import (REVISIONS, before_head, chain, current_revision, dialects, dispose,
                                      drop_database, empty_database, head, migrate_down, migrate_to, migration_app,
                                      reset_sequences, run_sql)

FIXTURES = Path(__file__).resolve().parent / "fixtures"


#: Figures today's rules read differently from the club release that wrote the rows (the rows themselves are
#: the same): the engine now decides every ending, so a game the organiser ended from the board (game 13)
#: and a game of a 4-hands session (game 16) have the winner the release's own views left out; and the
#: ladder and the players' records count only games with a result and rank by games won. Each changed game
#: is listed with what it reads now; the ladder and records are compared by who is on them.
OUTCOME_NOW = {13: {"game_over": True, "winner": 0, "won_at": 2}, 16: {"game_over": True, "winner": 1, "won_at": 4}}
CLUB_FIXTURES = {"c3_club", "f6_records", "b2_hardening", "d7_outcome", "g7_sessions", "e8_layers", "h9_convenor",
                 "i10_public_ids", "j11_clubs", "trust_sign_ins", "trust_host_roles", "faults_backup_made",
                 "api_client_tokens", "members_settings_contacts_outbox", "rooms_session_version",
                 "house_rules_versions", "privacy_results_due", "compete_competitions", "results_stored"}


def expected(revision: str) -> dict:
    """The figures the release read from its rows, with the changes today's rules make (OUTCOME_NOW)."""
    figures = json.loads((FIXTURES / revision / "figures.json").read_text(encoding="utf-8"))
    if revision not in CLUB_FIXTURES:
        return figures
    names = {}
    for game in figures["games"]:
        if game["id"] in OUTCOME_NOW:
            game.update(OUTCOME_NOW[game["id"]])
            names[game["id"]] = game
    for row in figures["exports"]["games"]:
        now = OUTCOME_NOW.get(int(row["game_id"]))
        if now:
            team = names[int(row["game_id"])]["teams"][now["winner"]]
            row["winner"], row["winner_name"] = now["winner"] + 1, team["name"]
    for row in figures["exports"]["hands"]:
        now = OUTCOME_NOW.get(int(row["game_id"]))
        if now and int(row["hand"]) == now["won_at"] and int(row["team_position"]) == now["winner"] + 1:
            row["won_game"] = True
    return figures


def public(ids: list[int]) -> bool:
    """Every id is a public one (app/store/base/ids.py): drawn from [2**32, 2**53)."""
    return all(FIRST_PUBLIC_ID <= number < PUBLIC_ID_LIMIT for number in ids)


def followed(found: dict, wanted: dict) -> dict:
    """found with each game's and session's public id replaced by the id the release read for the same row (the
    renumbering keeps the order the rows were made, and the release listed them by id, in that order)."""
    games = dict(zip(sorted(g["id"] for g in found["games"]), sorted(g["id"] for g in wanted["games"])))
    sessions = dict(zip(sorted(s["id"] for s in found["club"].get("sessions", [])),
                        sorted(s["id"] for s in wanted["club"].get("sessions", []))))
    assert public(list(games) + list(sessions)), "every game and session has a public id after the upgrade"
    def session_of(number):
        return None if number is None else sessions[number]
    found = json.loads(json.dumps(found))
    for game in found["games"]:
        game["id"], game["session_id"] = games[game["id"]], session_of(game["session_id"])
    for session in found["club"].get("sessions", []):
        session["id"] = sessions[session["id"]]
    exports = found["exports"]
    for row in exports.get("games", []) + exports.get("hands", []):
        row["game_id"] = games[int(row["game_id"])]
        if "session_id" in row:
            row["session_id"] = session_of(row["session_id"])
    if "results" in exports:
        exports["results"] = {str(sessions[int(key)]): rows for key, rows in exports["results"].items()}
    return found


def who_is_on(club: dict) -> dict:
    """The club with its ladders and records reduced to who is on them (today's rules count their figures)."""
    seasons = [{**season, "standings": sorted(row["player"] for row in season["standings"])}
               for season in club.get("seasons", [])]
    return {**club, "seasons": seasons, "records": sorted(club.get("records", {}))}


def read(url: str, copies: Path) -> dict:
    """Every game and the club as today's code reads them (a new app: nothing cached)."""
    from tests.migrations.figures import everything
    app = migration_app(url, copies)
    with app.app_context():
        found = everything()
    dispose(app)
    return found


def same_club(found: dict, wanted: dict) -> None:
    """The club as before; a release before the club features had none, so there is none now."""
    if not wanted:
        assert not any(found[key] for key in ("members", "organisers", "sessions", "seasons")), found
        return
    assert who_is_on(found) == who_is_on(wanted)


def as_read(found, wanted):
    """found, keeping only the columns the release had (a later release may add columns to a row)."""
    if isinstance(wanted, dict) and isinstance(found, dict):
        return {key: as_read(found.get(key), value) for key, value in wanted.items()}
    if isinstance(wanted, list) and isinstance(found, list):
        return [as_read(f, w) for f, w in zip(found, wanted)] + found[len(wanted):]
    return found


def same_exports(found: dict, wanted: dict) -> None:
    """The spreadsheets' rows (games, hands) and the results of the day as the release made them."""
    for name, rows in wanted.items():
        assert as_read(found[name], rows) == rows, name


@pytest.fixture(params=dialects())
def database(request, tmp_path):
    """An empty database of each dialect under test."""
    url = empty_database(request.param, tmp_path)
    yield url
    drop_database(url)


def test_every_revision_has_a_fixture():
    """tests/migrations/README.md: every new migration adds its fixture in the same change."""
    from tests.migrations.support import MIGRATIONS
    files = (MIGRATIONS / "versions").glob("*.py")
    revisions = {line.split("=", 1)[1].strip().strip("'\"") for f in files
                 for line in f.read_text(encoding="utf-8").splitlines() if line.startswith("revision =")}
    assert revisions == set(REVISIONS)
    assert chain() == REVISIONS, "REVISIONS lists the scripts' one chain, oldest first"
    assert all((FIXTURES / r / "data.sql").exists() and (FIXTURES / r / "figures.json").exists() for r in REVISIONS)


def same_figures(url: str, copies: Path, revision: str) -> None:
    """Every game, the club and the spreadsheets read now from url as the release read them from its rows."""
    wanted = expected(revision)
    found = followed(read(url, copies), wanted)
    assert len(found["games"]) == len(wanted["games"])
    for game, before in zip(found["games"], wanted["games"]):
        assert game == before, f"game {before['id']}"
    same_club(found["club"], wanted["club"])
    same_exports(found["exports"], wanted["exports"])


@pytest.mark.parametrize("revision", REVISIONS)
def test_fixture_upgrades_to_head_and_one_step_down_and_up_again_keeping_every_figure(revision, database, tmp_path):
    """The rows upgraded to head read as the release read them; then one step down and up again, the same."""
    app = migration_app(database, tmp_path / "copies")
    migrate_to(app, revision)
    run_sql(app, statements(FIXTURES / revision / "data.sql"))
    reset_sequences(app)
    migrate_to(app)
    assert current_revision(app) == head()
    dispose(app)
    same_figures(database, tmp_path / "copies", revision)
    app = migration_app(database, tmp_path / "copies")
    migrate_down(app, "-1")
    assert current_revision(app) == before_head()
    migrate_to(app)
    assert current_revision(app) == head()
    dispose(app)
    same_figures(database, tmp_path / "copies", revision)
