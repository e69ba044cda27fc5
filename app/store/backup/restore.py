"""Restore a backup: the whole file checked first (types, ranges, every reference, every hand by the engine),
then written in one transaction with its own ids and times, or nothing at all.

Accounts: a fresh install already has the account of whoever set it up. The restore keeps every account the
install has (its password too) and adds the backup's accounts whose names are new; an account of the backup
with the same name as one here is not taken (the one here keeps its password). So the person restoring can
still log in, and everyone who could log in to the old install can log in to this one.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timezone

from sqlalchemy import func, insert, select, text
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from app.rules import house_ruleset, read_house_rules
from app.store.club.house_models import HouseRulesRow, HouseRulesVersion
from app.store.backup.competitions import competition_problems, competition_rows
from app.store.club.competition_models import CompetitionAfternoon, CompetitionHandicap, CompetitionRow
from app.extensions import SQLITE_BUSY_MS, db
from app.rules import RulesetError, TeamEntry, get_ruleset, replay, table_problems, validate_hand
from app.store.backup.format import Backup, columns, parse
from app.store.backup.refusal import BackupRefused
from app.store.club.models import Attendance, ClubSession, Member, Season, SessionEvent, Substitution, TableCall
from app.store.people.models import MemberContact, Organiser
from app.store.people.members import new_link
from app.store.game.bulk import store_results
from app.store.game.models import Game, GameEvent, Hand, HandEntry, Player, Team, utcnow
from app.store.base.connections import LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS
from app.store.backup.restore_ids import highest_given, moved, offsets
from app.store.tenancy.scope import ALL_CLUBS, Club


def counted(number: int, word: str) -> str:
    """'1 game', '2 games'."""
    return f"{number} {word}{'' if number == 1 else 's'}"


@dataclass
class Plan:
    """What a checked backup will put in: counts for the confirmation, and what happens to the accounts."""

    backup: Backup
    games: int
    hands: int
    players: int
    sessions: int
    seasons: int
    accounts_kept: list[str] = field(default_factory=list)
    accounts_added: list[str] = field(default_factory=list)
    accounts_skipped: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """'18 games with 65 hands, 9 players on the club's list, 3 sessions and 1 season'."""
        return (f"{counted(self.games, 'game')} with {counted(self.hands, 'hand')}, "
                f"{counted(self.players, 'player')} on the club's list, {counted(self.sessions, 'session')} and "
                f"{counted(self.seasons, 'season')}")

    def sentences(self) -> list[str]:
        """The confirmation, a sentence a line."""
        lines = [f"The backup holds {self.summary()}; they will be put into this install, which holds none yet."]
        lines += list(self.backup.notes)
        if self.backup.house_rules:
            versions = sum(len(h.versions) for h in self.backup.house_rules)
            lines.append(f"It holds the club's house rules: {counted(len(self.backup.house_rules), 'set')} of them "
                         f"({counted(versions, 'version')}), each game keeping the version it was played by.")
        kept, added, skipped = (", ".join(names) for names in (self.accounts_kept, self.accounts_added,
                                                               self.accounts_skipped))
        if self.accounts_kept:
            lines.append(f"Accounts here stay as they are, with their passwords: {kept}.")
        if self.accounts_added:
            lines.append(f"Accounts of the backup added, with the passwords they had: {added}.")
        if self.accounts_skipped:
            lines.append(f"Accounts of the backup with the name of one here, not taken (the one here keeps its "
                         f"password): {skipped}.")
        return lines


def unique(items, key, what: str) -> list[str]:
    """A sentence for each value of key given twice."""
    seen, problems = set(), []
    for item in items:
        value = key(item)
        if value in seen:
            problems.append(f"The backup gives {what} {value!r} twice.")
        seen.add(value)
    return problems


def reference_problems(backup: Backup) -> list[str]:
    """Every id given twice and every reference to something the file does not hold."""
    problems = []
    for rows, what in ((backup.organisers, "account"), (backup.members, "player"), (backup.seasons, "season")):
        problems += unique(rows, lambda r: r.id, f"{what} id") + unique(rows, lambda r: r.name.casefold(), f"{what} name")
    problems += unique(backup.sessions, lambda s: s.id, "session id") + unique(backup.games, lambda g: g.id, "game id")
    problems += unique(backup.house_rules, lambda h: h.id, "house rules id")
    problems += unique(backup.house_rules, lambda h: h.name.casefold(), "house rules name")
    versions = [v for h in backup.house_rules for v in h.versions]
    problems += unique(versions, lambda v: v.id, "house rules version id")
    known = {v.id for v in versions}
    problems += [f"{what} {row.id} is played by house rules version {row.house_rules_version_id}, which the backup "
                 "does not hold." for what, rows in (("Session", backup.sessions), ("Game", backup.games))
                 for row in rows if row.house_rules_version_id is not None and row.house_rules_version_id not in known]
    seats = [p for g in backup.games for t in g.teams for p in t.players]
    problems += unique(seats, lambda p: p.id, "seat id")
    members, sessions = {m.id for m in backup.members}, {s.id for s in backup.sessions}
    for session in backup.sessions:
        problems += unique(session.attendees, lambda a: a.member_id, f"session {session.id}'s player id")
        problems += [f"Session {session.id} lists player {a.member_id} as here, but the backup has no such player."
                     for a in session.attendees if a.member_id not in members]
    for game in backup.games:
        problems += unique([h for h in game.hands if h.client_token], lambda h: h.client_token,
                           f"game {game.id}'s hand token")
        problems += unique(game.events, lambda e: e.seq, f"game {game.id}'s record line number")
        if game.session_id is not None and game.session_id not in sessions:
            problems.append(f"Game {game.id} belongs to session {game.session_id}, which the backup does not hold.")
        problems += [f"Game {game.id} seats player {p.member_id}, but the backup has no such player."
                     for t in game.teams for p in t.players if p.member_id is not None and p.member_id not in members]
        problems += [f"Game {game.id} names player {member} as a substitute, but the backup has no such player."
                     for sub in game.substitutions for member in (sub.left_member_id, sub.came_member_id)
                     if member is not None and member not in members]
    games = {g.id for g in backup.games}
    problems += [f"Session {s.id} has a call from game {c.game_id}, which the backup does not hold."
                 for s in backup.sessions for c in s.calls if c.game_id is not None and c.game_id not in games]
    return problems + competition_problems(backup)


def house_versions(backup: Backup) -> tuple[dict, list[str]]:
    """Each house rules version of the backup, read by the engine: {version id: (name, base, changes)}, and what
    is wrong with any."""
    found, problems = {}, []
    for house in backup.house_rules:
        for version in house.versions:
            rules, wrong = read_house_rules(version.name, version.base, version.variations, version.changes,
                                            version.version)
            if wrong:
                problems += [f"House rules '{version.name}', version {version.version}: {p.message}" for p in wrong]
            else:
                found[version.id] = rules
    return found, problems


def game_problems(game, versions: dict | None = None) -> list[str]:
    """Its rule set (under its house rules version, if any), its table, and every hand as the engine checks it
    (the totals carried hand to hand)."""
    house = (versions or {}).get(game.house_rules_version_id)
    try:
        ruleset = get_ruleset(game.ruleset, game.variations)
        if house is not None:
            ruleset = house_ruleset(replace(house, variations=dict(game.variations)))
    except RulesetError as error:
        return [f"Game {game.id}: {error}"]
    problems = [f"Game {game.id}: {p.message}" for p in table_problems(ruleset, [len(t.players) for t in game.teams])]
    team, player = game.first_dealer
    if team >= len(game.teams) or player >= len(game.teams[team].players):
        problems.append(f"Game {game.id}: the first dealer is not one of its players.")
    if problems:
        return problems
    state = replay(ruleset, [], len(game.teams), game.target)
    for number, hand in enumerate(game.hands, start=1):
        if len(hand.entries) != len(game.teams):
            return [f"Game {game.id}, hand {number}: it gives figures for {len(hand.entries)} of the game's "
                    f"{len(game.teams)} teams."]
        entries = [TeamEntry(name=t.name, **e.model_dump()) for t, e in zip(game.teams, hand.entries)]
        found = validate_hand(ruleset, entries, state.totals)
        if found:
            return [f"Game {game.id}, hand {number}: {p.message}" for p in found]
        state = state.plus(entries)
    return []


def is_empty() -> bool:
    """True when the install holds no game, player, session or season (accounts may be there)."""
    return all(db.session.scalar(select(func.count()).select_from(model)) == 0
               for model in (Game, Member, ClubSession, Season, HouseRulesRow))


NOT_EMPTY = ("This install already holds games, players, sessions, seasons or house rules. A backup is restored only into a "
             "new install (its accounts may be there): nothing was changed.")


def plan(data: bytes | str) -> Plan:
    """The checked backup and what restoring it will do; BackupRefused with every reason, nothing written."""
    backup = parse(data)
    problems = reference_problems(backup)
    versions, found = house_versions(backup)
    problems += found
    for game in backup.games:
        problems += game_problems(game, versions)
    if problems:
        raise BackupRefused(problems)
    if not is_empty():
        raise BackupRefused([NOT_EMPTY])
    here = list(db.session.scalars(select(Organiser.name).order_by(Organiser.id)))
    taken = {name.casefold() for name in here}
    return Plan(backup, len(backup.games), sum(len(g.hands) for g in backup.games), len(backup.members),
                len(backup.sessions), len(backup.seasons), here,
                [o.name for o in backup.organisers if o.name.casefold() not in taken],
                [o.name for o in backup.organisers if o.name.casefold() in taken])


#: Where a restored session's version counts from (restored_version).
VERSIONS_FROM = datetime(2020, 1, 1, tzinfo=timezone.utc)


def restored_version(now: datetime | None = None) -> int:
    """The version a restored session starts at: the minutes since VERSIONS_FROM. A backup keeps no session's
    version, and its board and tablets may hold the stamp of any version it reached before (a version moves on
    by one a write, and no session writes once a minute for years): starting past them, every poll they make
    sees the change, and a restore made later starts later still (a version is never lowered)."""
    moment = now or utcnow()
    moment = moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return int((moment - VERSIONS_FROM).total_seconds() // 60)


def club_rows(backup: Backup, plan_: Plan) -> list[tuple]:
    """(model, rows) of the club: accounts added, players, seasons, sessions, who came."""
    added = set(plan_.accounts_added)
    keep_ids = not plan_.accounts_kept
    organisers = [{name: value for name, value in columns(o).items() if keep_ids or name != "id"}
                  for o in backup.organisers if o.name in added]
    attendance = [dict(columns(a), session_id=s.id) for s in backup.sessions for a in s.attendees]
    lines = [dict(columns(e), session_id=s.id) for s in backup.sessions for e in s.events]
    return [(Organiser, organisers),
            (Member, [columns(m) for m in backup.members]),
            (MemberContact, contact_rows(backup)),
            (Season, [columns(s) for s in backup.seasons]),
            (HouseRulesRow, [columns(h) for h in backup.house_rules]),
            (HouseRulesVersion, [dict(columns(v), house_rules_id=h.id) for h in backup.house_rules for v in h.versions]),
            (ClubSession, [dict(columns(s), version=restored_version()) for s in backup.sessions]),
            (Attendance, attendance), (SessionEvent, lines)]


def contact_rows(backup: Backup) -> list[dict]:
    """The members' email addresses. Each keeps its stop link on an install of one club (the emails already sent
    still stop); on a host of several, where the club the backup came from may still hold it, each gets a new one."""
    several = db.session.scalar(select(func.count()).select_from(Club)) > 1
    return [{"member_id": m.id, "email": m.email, "added_at": m.email_added_at or m.created_at,
             "added_by": m.email_added_by, "stopped_at": m.email_stopped_at,
             "stop_token": new_link() if several or not m.email_stop_token else m.email_stop_token}
            for m in backup.members if m.email]


def call_rows(backup: Backup) -> list[tuple]:
    """(model, rows) of the calls to the organiser (after the games they name)."""
    return [(TableCall, [dict(columns(c), session_id=s.id) for s in backup.sessions for c in s.calls])]


def game_rows(backup: Backup) -> list[tuple]:
    """(model, rows) of the games: games, teams, seats, hands, entries, records of changes."""
    games, teams, players, hands, entries, events, substitutes = [], [], [], [], [], [], []
    for game in backup.games:
        games.append(dict(columns(game), variations=game.variations, ruleset_id=game.ruleset, table_label=game.table,
                          first_dealer_team=game.first_dealer[0], first_dealer_player=game.first_dealer[1]))
        for position, team in enumerate(game.teams):
            teams.append(dict(columns(team), id=len(teams) + 1, game_id=game.id, position=position))
            players += [dict(columns(p), team_id=len(teams), position=i)
                        for i, p in enumerate(team.players)]
        for number, hand in enumerate(game.hands, start=1):
            hands.append(dict(columns(hand), id=len(hands) + 1, game_id=game.id, number=number))
            entries += [dict(columns(e), id=len(entries) + i + 1, hand_id=len(hands), team_position=i)
                        for i, e in enumerate(hand.entries)]
        events += [dict(columns(e), game_id=game.id) for e in game.events]
        substitutes += [dict(columns(sub), game_id=game.id) for sub in game.substitutions]
    return [(Game, games), (Team, teams), (Player, players), (Hand, hands), (HandEntry, entries), (GameEvent, events),
            (Substitution, substitutes)]


def reset_sequences() -> None:
    """PostgreSQL: each id sequence goes on after the highest id now stored (rows came with their own ids), and
    never back: the other clubs' rows, hidden from this transaction, may hold higher ones, and the sequence may
    already be past them. Games and sessions have none: their ids are drawn at random."""
    if db.engine.dialect.name != "postgresql":
        return
    for model in (Organiser, Member, Season, HouseRulesRow, HouseRulesVersion, Attendance, Team, Player, Hand, HandEntry, GameEvent, TableCall,
                  Substitution, SessionEvent, CompetitionRow, CompetitionAfternoon, CompetitionHandicap):
        table = model.__tablename__
        sequence = db.session.execute(text(f"SELECT pg_get_serial_sequence('{table}', 'id')")).scalar()
        if sequence is None:
            continue
        db.session.execute(text(f"SELECT setval('{sequence}', GREATEST({highest_given(sequence)}, "
                                f"(SELECT MAX(id) FROM {table}))) WHERE EXISTS (SELECT 1 FROM {table})"))


#: How long a restore waits for another club's restore to finish, in place of the short wait every other
#: statement has (app/store/base/connections.py, app/extensions.py).
RESTORE_WAIT_SECONDS = 120


def one_restore_at_a_time() -> None:
    """Restores by several clubs at the same moment take their turns, each to the end of its transaction, so
    each reads the ids as the one before left them. PostgreSQL: a lock of the restore's own. SQLite: the
    database's one write lock, taken before anything is read (a reading transaction could not become a
    writing one after another restore wrote), then the install checked again for being empty."""
    if db.engine.dialect.name == "postgresql":
        waits(f"{RESTORE_WAIT_SECONDS}s", "0")
        db.session.execute(text("SELECT pg_advisory_xact_lock(hashtext('treys: one restore at a time'))"))
        waits(str(LOCK_TIMEOUT_MS), str(STATEMENT_TIMEOUT_MS))
        return
    db.session.commit()                         # the checks' reading transaction ends (nothing was written)
    connection = db.session.connection()
    connection.exec_driver_sql(f"PRAGMA busy_timeout = {RESTORE_WAIT_SECONDS * 1000}")
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        connection.exec_driver_sql(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
    if not is_empty():
        raise BackupRefused([NOT_EMPTY])


def waits(lock: str, statement: str) -> None:
    """This transaction's bounds on a wait for a lock and on a statement (PostgreSQL)."""
    db.session.execute(text("SELECT set_config('lock_timeout', :lock, true), "
                            "set_config('statement_timeout', :statement, true)"), {"lock": lock, "statement": statement})


def add_accounts(plan_: Plan, rows: list[dict]) -> None:
    """The backup's accounts, one at a time: a name another club of this host has taken (names are unique
    across the host) is skipped, the rest are added."""
    for row in rows:
        if not account_added(row):
            plan_.accounts_added.remove(row["name"])
            plan_.accounts_skipped.append(row["name"])


def account_added(row: dict) -> bool:
    """Add one account unless its name is taken anywhere on the host. SQLite sees every club's names; on
    PostgreSQL the other clubs' rows are hidden from this transaction, so the unique key decides, inside a
    savepoint (which SQLite's driver would turn into a commit: it is not used there)."""
    taken = select(Organiser.id).where(Organiser.name == row["name"]).execution_options(**ALL_CLUBS)
    if db.session.execute(taken).first() is not None:
        return False
    if db.engine.dialect.name != "postgresql":
        db.session.execute(insert(Organiser.__table__), [row])
        return True
    try:
        with db.session.begin_nested():
            db.session.execute(insert(Organiser.__table__), [row])
    except IntegrityError:
        return False
    return True


def write(plan_: Plan) -> None:
    """Every row in one transaction; on any failure nothing stays."""
    try:
        one_restore_at_a_time()
        parts = (club_rows(plan_.backup, plan_) + game_rows(plan_.backup) + call_rows(plan_.backup)
                 + competition_rows(plan_.backup))
        tables = {model.__tablename__: (model.__table__, rows) for model, rows in parts}
        shift = offsets(tables)          # a host of several clubs: ids another club holds move on
        for model, rows in parts:
            if model is Organiser:
                add_accounts(plan_, moved("organiser", rows, shift))
            elif rows:
                db.session.execute(insert(model.__table__), moved(model.__tablename__, rows, shift))
        store_results([row["id"] for row in moved("game", tables["game"][1], shift)])   # as the game's writes do
        reset_sequences()
        db.session.commit()
    except BackupRefused:
        db.session.rollback()
        raise
    except SQLAlchemyError as error:
        db.session.rollback()
        raise BackupRefused([f"The restore could not be written, so nothing was changed "
                             f"({type(error.orig or error).__name__}): was something added meanwhile?"]) from error
    finally:
        db.session.expire_all()


def restore(data: bytes | str) -> Plan:
    """Check the whole file, then write it whole; returns what was restored."""
    checked = plan(data)
    write(checked)
    return checked
