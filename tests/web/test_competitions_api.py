"""Competitions through the API and the store: three at once over the same games, each with its figures; every
problem at once and nothing stored; a name taken; another club's not found; archived and copied; a merged player
and a removed one keep every figure (both databases)."""
from __future__ import annotations

import json
import re

from sqlalchemy import Text, cast, func, select

from app.extensions import db
from app.store.club.competition_models import CompetitionHandicap, CompetitionRow
from app.store.club.competitions import (archive_competition, club_competitions, competition_row, competition_table,
                                         copy_competition)
from app.store.club.member_places import MEMBER_NAMES
from app.store.club.models import Member
from app.store.game.models import Player
from app.store.club.writes import add_member, merge_members
from app.store.people.members import forget_member
from app.store.tenancy.scope import Club
from app.store.tenancy.scope import Club
from tests.conftest import dispose_app, make_app
from tests.web.club_support import basic, organiser
from tests.web.test_clubs_isolation import OWNER_B, add_club

COMPETITIONS = "/api/v1/competitions"
#: Bolivia's going-out team and the other one: the first ends the hand far ahead.
OUT = {"went_out": True, "sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 400}
OTHER = {"table_points": 150, "hand_points": 85, "black_threes_in_hand": 1}


def played(client, first, second, first_wins=True) -> dict:
    """A game of two pairs, one hand, ended early: the team that went out wins."""
    opened = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": [{"players": list(first)},
                                                                         {"players": list(second)}]})
    assert opened.status_code == 201, opened.get_data(as_text=True)
    game = opened.get_json()
    code = {"X-Table-Code": game["table_code"]}
    teams = [OUT, OTHER] if first_wins else [OTHER, OUT]
    assert client.post(f"/api/v1/games/{game['id']}/hands", json={"teams": teams}, headers=code).status_code == 201
    ended = client.post(f"/api/v1/games/{game['id']}/end", json={}, headers=code)
    assert ended.status_code == 200, ended.get_data(as_text=True)
    return game


def club_games(client) -> None:
    """Ann & Bob beat Cy & Di twice; Cy & Di beat Ann & Bob once; Ann & Cy beat Bob & Di once."""
    played(client, ("Ann", "Bob"), ("Cy", "Di"))
    played(client, ("Ann", "Bob"), ("Cy", "Di"))
    played(client, ("Ann", "Bob"), ("Cy", "Di"), first_wins=False)
    played(client, ("Ann", "Cy"), ("Bob", "Di"))


def make(client, **data):
    """POST /competitions as the organiser."""
    return client.post(COMPETITIONS, json=data, headers=basic())


def rows(document) -> list[tuple]:
    """Each row as (entrant, place, won, games)."""
    return [(row["entrant"], row["place"], row["won"], row["games"]) for row in document["rows"]]


def test_three_competitions_run_at_once_over_the_same_games(app, client):
    organiser(app)
    club_games(client)
    ladder = make(client, name="Season ladder", qualification={"percent": 30})
    pairs = make(client, name="Pairs championship", whom="pairs", qualification={"games": 2})
    places = make(client, name="Afternoon points", method="place_points", place_points=[3, 2, 1])
    assert (ladder.status_code, pairs.status_code, places.status_code) == (201, 201, 201), ladder.get_json()
    # Ann won 3 of 4; Bob 2 of 4; Cy 2 of 4; Di 1 of 4 (margins decide Bob and Cy: both won and lost the same games
    # by the same figures, so they share 2nd)
    assert rows(ladder.get_json()) == [("Ann", 1, 3, 4), ("Bob", 2, 2, 4), ("Cy", 2, 2, 4), ("Di", 4, 1, 4)]
    assert rows(pairs.get_json()) == [("Ann & Bob", 1, 2, 3), ("Cy & Di", 2, 1, 3), ("Ann & Cy", None, 1, 1),
                                      ("Bob & Di", None, 0, 1)]
    # every game is on the same day, none in an afternoon: one day, placed by won then margin
    table = places.get_json()
    assert [(r["entrant"], r["score"]) for r in table["rows"]] == [("Ann", 3), ("Bob", 2), ("Cy", 2), ("Di", 0)]
    assert "a place earns 3, 2, 1 points" in table["method_words"]
    listed = client.get(COMPETITIONS, headers=basic()).get_json()["competitions"]
    assert [c["name"] for c in listed] == ["Afternoon points", "Pairs championship", "Season ladder"]
    one = client.get(f"{COMPETITIONS}/{ladder.get_json()['id']}", headers=basic()).get_json()
    assert one["rows"][0]["counted"][0]["games"] == 4 and one["rows"][0]["dropped"] == []


def test_every_problem_at_once_and_nothing_stored(app, client):
    organiser(app)
    refused = make(client, name="", method="fastest", counting={"kind": "best", "best": 0},
                   handicap={"kind": "rating_on"}, afternoons={"from": "1 March", "weekday": 9, "chosen": [5]})
    assert refused.status_code == 422
    fields = {error["field"] for error in refused.get_json()["errors"]}
    assert {"name", "method", "counting.best", "handicap.rating_on", "handicap.per_point", "afternoons.from",
            "afternoons.weekday"} <= fields
    unknown = make(client, name="Cup", afternoons={"chosen": [123456789]}, handicap={
        "kind": "fixed", "fixed": [{"player": "Nobody", "points": 50}]})
    assert unknown.status_code == 422
    assert {e["code"] for e in unknown.get_json()["errors"]} == {"competition.afternoon_unknown",
                                                                  "competition.player"}
    assert make(client, name="Cup", speed=3).status_code == 422
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(CompetitionRow)) == 0


def test_a_name_taken_an_unknown_one_and_another_clubs(app, client):
    organiser(app)
    first = make(client, name="Spring cup")
    assert first.status_code == 201
    assert make(client, name="spring CUP").status_code == 409
    assert client.get(f"{COMPETITIONS}/999", headers=basic()).status_code == 404
    assert client.get(COMPETITIONS).status_code == 401
    add_club(app, "Second club", OWNER_B)
    theirs = client.get(f"{COMPETITIONS}/{first.get_json()['id']}", headers=basic(OWNER_B))
    assert theirs.status_code == 404
    assert client.get(COMPETITIONS, headers=basic(OWNER_B)).get_json() == {"competitions": []}


def test_archived_stays_readable_and_copied_makes_a_new_one(app, client):
    organiser(app)
    club_games(client)
    made = make(client, name="Autumn ladder", handicap={"kind": "fixed", "fixed": []}).get_json()
    with app.app_context():
        archive_competition(made["id"])
        assert [row.name for row in club_competitions(archived=False)] == []
        copy = copy_competition(made["id"], "Winter ladder", None)
        assert copy.archived_at is None and copy.choices == competition_row(made["id"]).choices
    again = client.get(f"{COMPETITIONS}/{made['id']}", headers=basic()).get_json()
    assert again["archived"] is True and rows(again)[0] == ("Ann", 1, 3, 4)


def test_a_merged_player_and_a_removed_one_keep_every_figure(app, client):
    organiser(app)
    played(client, ("Ann", "Bob"), ("Cy", "Di"))
    played(client, ("Ann", "Robert"), ("Cy", "Di"))
    with app.app_context():
        for name in ("Ann", "Bob", "Robert", "Cy", "Di"):
            add_member(name)
        db.session.commit()
    made = make(client, name="Handicap cup", handicap={"kind": "fixed", "fixed": [{"player": "Robert", "points": 40}]})
    assert made.status_code == 201, made.get_json()
    assert ("Robert", 2, 1, 1) in rows(made.get_json())     # his +40 a game, half of it his team's, puts him 2nd
    with app.app_context():
        ids = dict(db.session.execute(select(Member.name, Member.id)).all())
        merge_members(ids["Bob"], ids["Robert"])           # Robert was Bob all along
        handicaps = list(db.session.scalars(select(CompetitionHandicap)))
        assert [(h.member_id, h.points) for h in handicaps] == [(ids["Bob"], 40)]
    merged = client.get(f"{COMPETITIONS}/{made.get_json()['id']}", headers=basic()).get_json()
    assert ("Bob", 1, 2, 2) in rows(merged)
    assert merged["handicap"]["fixed"] == [{"player": "Bob", "points": 40}]
    with app.app_context():
        forget_member(db.session.get(Member, ids["Bob"]))
        table = competition_table(competition_row(made.get_json()["id"]))
        former = table.row_of(f"Former member {ids['Bob']}")
        assert (former.won, former.games) == (2, 2) and table.row_of("Bob") is None


def test_backup_and_restore_carry_competitions_and_handicaps(app, tmp_path):
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        organiser(source)
        client = source.test_client()
        club_games(client)
        with source.app_context():
            add_member("Cy")
            db.session.commit()
        made = make(client, name="Cup", handicap={"kind": "fixed", "fixed": [{"player": "Cy", "points": 100}]})
        assert made.status_code == 201, made.get_json()
        before = client.get(f"{COMPETITIONS}/{made.get_json()['id']}", headers=basic()).get_json()
        file = tmp_path / "club.json"
        assert source.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    finally:
        dispose_app(source)
    document = json.loads(file.read_text(encoding="utf-8"))
    assert [(c["name"], c["handicaps"][0]["points"]) for c in document["competitions"]] == [("Cup", 100)]
    add_club(app, "Second club", OWNER_B)            # a host of two clubs: restored into the second
    with app.app_context():
        slug = db.session.scalar(select(Club.slug).where(Club.name == "Second club"))
    result = app.test_cli_runner().invoke(args=["restore", "--club", slug, "--yes", str(file)])
    assert result.exit_code == 0, result.output
    restored = app.test_client()
    listed = restored.get(COMPETITIONS, headers=basic(OWNER_B)).get_json()["competitions"]
    assert [c["name"] for c in listed] == ["Cup"]
    again = restored.get(f"{COMPETITIONS}/{listed[0]['id']}", headers=basic(OWNER_B)).get_json()
    assert rows(again) == rows(before) and again["handicap"] == before["handicap"]


def test_removing_a_members_personal_data_leaves_their_name_in_none_of_the_places_listed(app, client):
    organiser(app)
    played(client, ("Ann", "Bob"), ("Cy", "Di"))
    with app.app_context():
        for name in ("Ann", "Bob", "Cy", "Di"):
            add_member(name)
        db.session.commit()
        ann = db.session.scalar(select(Member).where(Member.name == "Ann"))
        seats = db.session.scalars(select(Player).where(Player.name == "Ann")).all()
        for seat in seats:
            seat.member_id = ann.id
        db.session.commit()
        forget_member(ann)
        for place in MEMBER_NAMES:
            held = db.session.scalars(select(cast(place.column, Text))).all()
            assert not any(text and re.search(r"(?<!\w)Ann(?!\w)", text) for text in held), place.words
