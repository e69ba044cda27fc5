"""Build a migration fixture with an earlier release's own code: play a club's games, then dump them as SQL.

Run from a checkout of the release (tests/migrations/README.md):
    cd /tmp/old_<rev> && PYTHONPATH=. /path/to/treys/.venv/bin/python /path/to/treys/tests/migrations/making/play_release.py OUT
It migrates a new SQLite file with the release's migrations, plays games of every rule set through the
release's services (corrections, a removed hand, finished and unfinished games; with the club features:
players, organisers, sessions with a draw and call time, a season, a merge, ended and abandoned games), and
writes OUT/data.sql (INSERTs only, portable to SQLite and PostgreSQL), OUT/figures.json (what the release
reads: every game's hands, totals and winner, sessions, ladder, player records, the spreadsheets' rows and the
results of the day) and OUT/revision. With --read, OUT/built.sqlite3 is only read again (no new play).
"""
from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import replace
from datetime import date, datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES = HERE.parents[1] / "rules" / "games"
NAMES = ["Ann Baker", "Bob Carter", "Cy Dunn", "Di Evans", "Ed Fox", "Flo Green", "Gus Hill", "Hal Ives",
         "Ida Jones", "Jo King", "Kit Lane", "Lu Moss"]


def load(name: str, path: Path):
    """A module of this checkout of Treys by its file (the release being built has no tests/migrations)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scripts() -> list[dict]:
    """The rule tests' whole games, one per rule set and variation."""
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(GAMES.glob("*.json"))]


def teams_of(script: dict, offset: int) -> list[dict]:
    """The script's teams with players from the names (one each when the script plays alone)."""
    solo = "solo" in script.get("title", "").lower() or len(script["teams"]) == 3
    per = 1 if solo else 2
    names = NAMES[offset:] + NAMES[:offset]
    return [{"name": team, "players": names[i * per:(i + 1) * per]} for i, team in enumerate(script["teams"])]


def entries_of(TeamEntry, hand: dict, names: list[str]) -> list:
    """A script hand's entries for the engine."""
    return [TeamEntry(name=name, **{k: v for k, v in team.items()}) for name, team in zip(names, hand["teams"])]


def play(services, TeamEntry, game, script: dict, upto: int | None = None, *, mistakes: bool = False) -> None:
    """Enter the script's hands; with mistakes, hand 1 is first entered wrong and corrected, and a wrong extra
    hand is entered then removed before hand 2."""
    names = game.team_names
    hands = script["hands"][:upto]
    for number, hand in enumerate(hands, start=1):
        entries = entries_of(TeamEntry, hand, names)
        if mistakes and number == 1:
            wrong = [replace(entries[0], hand_points=entries[0].hand_points + 5)] + entries[1:]
            services.add_hand(game, wrong, client_token=f"g{game.id}-h1-first")
            services.correct_hand(game, 1, entries, version=game.version)
            continue
        if mistakes and number == 2:
            services.add_hand(game, entries, client_token=f"g{game.id}-h2-twice")
            services.remove_last_hand(game, 2, version=game.version)
        services.add_hand(game, entries, client_token=f"g{game.id}-h{number}")


def play_games(services, TeamEntry) -> None:
    """A game of every rule set (the scripts), some with mistakes put right, some left unfinished."""
    for i, script in enumerate(scripts()):
        game = services.create_game(script["ruleset"], script["variations"], teams_of(script, i),
                                    table_label=f"Table {i + 1}")
        play(services, TeamEntry, game, script, mistakes=i % 2 == 0)
    for i, script in enumerate(scripts()[:3]):            # unfinished: two hands in
        game = services.create_game(script["ruleset"], script["variations"], teams_of(script, i + 5),
                                    table_label=f"Late table {i + 1}")
        play(services, TeamEntry, game, script, upto=2)


def play_club(db, services, TeamEntry) -> None:
    """Organisers, players, a timed session with a draw, call time, a season, a merge, ended and abandoned games."""
    from app.club import clock, sessions
    from app.club.models import Member, Organiser
    from app.records.merging import merge_members
    from app.records.models import Season
    for name, password in (("Margaret", "club-secret-1"), ("Tom", "club-secret-2")):
        organiser = Organiser(name=name)
        organiser.set_password(password)
        db.session.add(organiser)
    db.session.add(Member(name="Ann B.", short_name="AnnB", active=True))       # the same Ann, typed twice
    db.session.add(Season(name="Spring 2026", starts_on=date(2026, 1, 1), ends_on=date(2099, 12, 31),
                          qualifying_percent=30))
    db.session.commit()
    bolivia = next(s for s in scripts() if s["ruleset"] == "bolivia" and "tie" not in s["title"].lower())
    today = datetime.now(timezone.utc).date()          # a club's afternoon: its games are played that day
    for day, kind in ((today, "target"), (today, "time")):
        session = sessions.open_session(sessions.SessionRequest(played_on=day, ruleset="bolivia", variations={},
                                                                kind=kind, ends_at="16:00" if kind == "time" else None))
        sessions.mark_here(session, NAMES[:9])                      # nine: one sits out
        db.session.commit()
        games = sessions.start_round(session)
        play(services, TeamEntry, games[0], bolivia, mistakes=True)        # won on score
        play(services, TeamEntry, games[1], bolivia, upto=2)
        if kind == "time":
            clock.call_time(session)
        else:
            clock.end_game(games[1], games[1].version)                    # the organiser ends it
    session = sessions.open_session(sessions.SessionRequest(played_on=today, ruleset="bolivia",
                                                            variations={}, kind="hands", hands=4))
    sessions.mark_here(session, NAMES[:8] + ["Ann B."])
    db.session.commit()
    games = sessions.start_round(session)
    play(services, TeamEntry, games[0], bolivia, upto=4)
    play(services, TeamEntry, games[1], bolivia, upto=1)
    services.abandon_game(games[1])
    ann, typo = (db.session.scalar(db.select(Member).where(Member.name == n)) for n in ("Ann Baker", "Ann B."))
    merge_members(ann.id, typo.id)
    lone = services.create_game("bolivia", {}, teams_of(bolivia, 3), table_label="Deleted by mistake")
    services.delete_game(lone)


def main(out: Path, read_only: bool = False) -> None:
    """Play, read and dump (with --read: read OUT/built.sqlite3 again, as played before, and write the figures)."""
    sys.path.insert(0, ".")
    # the venv's editable install of today's Treys would lend its modules (app.store) to the old release
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in str(getattr(f, "__module__", ""))]
    from flask_migrate import upgrade
    from app import create_app
    from app.extensions import db
    from app.rules import TeamEntry
    services = __import__("app.services", fromlist=["create_game"])
    out.mkdir(parents=True, exist_ok=True)
    database = out / "built.sqlite3"
    if not read_only:
        database.unlink(missing_ok=True)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    figures = load("fixture_figures", HERE.parent / "figures.py")
    dump = load("fixture_dump", HERE / "dump.py")
    with app.app_context():
        if not read_only:
            upgrade()
            play_games(services, TeamEntry)
            if figures.club_models() is not None:
                play_club(db, services, TeamEntry)
        db.session.expire_all()
        read = figures.everything()
        revision = db.session.execute(db.text("SELECT version_num FROM alembic_version")).scalar()
    (out / "figures.json").write_text(json.dumps(read, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "revision").write_text(revision + "\n", encoding="utf-8")
    if not read_only:
        dump.write_sql(database, out / "data.sql")
    print(f"{out}: revision {revision}, {len(read['games'])} games, "
          f"{sum(len(g['hands']) for g in read['games'])} hands")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), "--read" in sys.argv)
