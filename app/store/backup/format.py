"""The backup file's format, checked field by field, and how a file of an earlier format is read.

Version 3 adds the convenor's toolkit (and later, as fields a file without them reads as empty: a member's email
address, given with their consent, and whether they stopped the emails; the club's house rules with every version,
and the version each game and session was opened with): a session's agreement option, its calls to the organiser and its
record of changes, each hand's agreement and each game's substitutes; a file of version 2 reads with the values
the database upgrade gives (no agreement, no calls, no substitutes; it kept no session record). Version 2 keeps every id (players on the club's list, seats, games, sessions, seasons, accounts) and each
hand's times, so a restored club reads exactly as it did. Version 1 (the first club releases) kept neither:
its players get the ids of their order, its hands the times of its record of changes, and what it lacks
takes the value the database upgrade gives (a game not closed, no record of changes).
"""
from __future__ import annotations

import json
from datetime import date, datetime
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.rules.entries import ENTRY_FIELDS
from app.store.backup.refusal import BackupRefused
from app.store.backup.v1 import upgrade_v1

FORMAT = "treys-backup"
FORMAT_VERSION = 3
READS = (1, 2, 3)

Id = Annotated[int, Field(ge=1, le=2**31 - 1)]
#: A game's or a session's id: random below 2**53 today (app/store/base/ids.py), a BIGINT in the database.
PublicId = Annotated[int, Field(ge=1, le=2**63 - 1)]
Count = Annotated[int, Field(ge=0, le=2**31 - 1)]
Points = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]


def text(longest: int, shortest: int = 0):
    """A string type of bounded length."""
    return Annotated[str, Field(min_length=shortest, max_length=longest)]


class Part(BaseModel):
    """A part of the file: strict JSON types (no "5" for 5, no 1 for true); other keys are ignored.

    COLUMNS names, in the file's order, the fields that are columns of the part's table under the same name: the
    backup writes them as they are (dates and times as ISO text) and the restore puts them back, both from here."""

    COLUMNS: ClassVar[tuple[str, ...]] = ()

    model_config = ConfigDict(strict=True, extra="ignore")


class OrganiserPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "name", "password_hash", "created_at")
    id: Id
    name: text(60, 1)
    password_hash: text(256, 1)
    created_at: datetime


class MemberPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "name", "short_name", "active", "created_at")
    id: Id
    name: text(60, 1)
    short_name: text(20) | None = None
    active: bool = True
    created_at: datetime
    # The member's email address, given with their consent (files before these fields: none).
    email: text(254) | None = None
    email_stop_token: text(64) | None = None
    email_added_at: datetime | None = None
    email_added_by: text(80) = ""
    email_stopped_at: datetime | None = None


class SeasonPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "name", "starts_on", "ends_on", "qualifying_percent")
    id: Id
    name: text(60, 1)
    starts_on: date
    ends_on: date
    qualifying_percent: Annotated[int, Field(ge=0, le=100)]


class HouseRulesVersionPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "version", "name", "base", "variations", "changes", "created_at",
                                          "created_by")
    id: Id
    version: Id
    name: text(60, 1)
    base: text(40, 1)
    variations: dict = {}
    changes: dict = {}
    created_at: datetime
    created_by: text(80) = ""


class HouseRulesPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "name", "created_at")
    id: Id
    name: text(60, 1)
    created_at: datetime
    versions: Annotated[list[HouseRulesVersionPart], Field(min_length=1)]


class CompetitionHandicapPart(Part):
    member_id: Id
    points: Annotated[int, Field(ge=-5000, le=5000)]


class CompetitionPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "name", "season_id", "choices", "archived_at", "created_at",
                                          "updated_at", "version")
    id: Id
    name: text(60, 1)
    season_id: Id | None = None
    choices: dict = {}
    archived_at: datetime | None = None
    created_at: datetime
    updated_at: datetime
    version: Id = 1
    afternoons: list[PublicId] = []
    handicaps: list[CompetitionHandicapPart] = []


class AttendeePart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("member_id", "arrived_at")
    member_id: Id
    arrived_at: datetime


class CallPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("game_id", "table_number", "reason", "called_by", "cleared_by", "called_at",
                                          "cleared_at")
    game_id: PublicId | None = None
    table_number: Count
    reason: text(200) = ""
    called_at: datetime
    called_by: text(80) = ""
    cleared_at: datetime | None = None
    cleared_by: text(80) = ""


class Acted(Part):
    """A line of a record of changes: when, and who did it."""

    at: datetime
    actor_kind: text(12, 1)
    actor_id: text(64) = ""
    actor_label: text(80) = ""


class SessionLinePart(Acted):
    COLUMNS: ClassVar[tuple[str, ...]] = ("kind", "words", "actor_kind", "actor_id", "actor_label", "at")
    kind: text(20, 1)
    words: text(400) = ""


class SessionPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "ruleset_id", "variations", "format_kind", "format_hands", "ends_at",
                                          "partners", "pairs", "round", "sitting_out", "seed", "agreement", "played_on",
                                          "time_called_at", "created_at", "house_rules_version_id")
    id: PublicId
    house_rules_version_id: Id | None = None      # files before house rules: none (the rule set as written)
    played_on: date
    ruleset_id: text(40, 1)
    variations: dict
    format_kind: text(10, 1)
    format_hands: Count | None = None
    ends_at: text(5) | None = None
    partners: text(10, 1)
    pairs: list
    round: Count
    sitting_out: list
    seed: Count
    time_called_at: datetime | None = None
    agreement: bool = False
    created_at: datetime
    attendees: list[AttendeePart]
    calls: list[CallPart] = []
    events: list[SessionLinePart] = []


class SeatPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "name", "member_id")
    id: Id
    name: text(60, 1)
    member_id: Id | None = None


class TeamPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("name",)
    name: text(60, 1)
    players: Annotated[list[SeatPart], Field(min_length=1)]


class EntryPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ENTRY_FIELDS
    sets: dict[text(40, 1), Count]
    table_points: Points
    hand_points: Points
    red_threes: Count
    red_threes_in_hand: Count
    black_threes_in_hand: Count
    black_threes_melded: Count
    failed_go_outs: Count
    went_out: bool
    concealed: bool
    melded: bool | None = None


class HandPart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("client_token", "created_at", "updated_at", "agreed_by", "agreed_at")
    client_token: text(64) | None = None
    created_at: datetime
    updated_at: datetime
    agreed_by: text(60) | None = None
    agreed_at: datetime | None = None
    entries: Annotated[list[EntryPart], Field(min_length=1)]


class EventPart(Acted):
    COLUMNS: ClassVar[tuple[str, ...]] = ("seq", "kind", "hand_number", "client_token", "before", "after", "actor_kind",
                                          "actor_id", "actor_label", "at")
    seq: Count
    kind: text(20, 1)
    hand_number: Count | None = None
    client_token: text(64) | None = None
    before: dict | None = None
    after: dict | None = None


class SubstitutePart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("team_position", "seat", "from_hand", "left_name", "left_member_id",
                                          "came_name", "came_member_id", "by", "at")
    team_position: Count
    seat: Count
    from_hand: Annotated[int, Field(ge=1, le=2**31 - 1)]
    left_name: text(60, 1)
    left_member_id: Id | None = None
    came_name: text(60, 1)
    came_member_id: Id | None = None
    at: datetime
    by: text(80) = ""


class GamePart(Part):
    COLUMNS: ClassVar[tuple[str, ...]] = ("id", "table_code", "version", "session_id", "session_round", "table_number",
                                          "format_kind", "format_hands", "last_hand", "closed", "target", "created_at",
                                          "updated_at", "finished_at", "house_rules_version_id")
    id: PublicId
    house_rules_version_id: Id | None = None      # files before house rules: none (the rule set as written)
    ruleset: text(40, 1)
    variations: dict
    target: Annotated[int, Field(ge=1, le=2**31 - 1)]
    table: text(40) = ""
    table_code: text(12, 1)
    version: Id
    first_dealer: tuple[Count, Count]
    session_id: PublicId | None = None
    session_round: Count | None = None
    table_number: Count | None = None
    format_kind: text(10) | None = None
    format_hands: Count | None = None
    last_hand: Count | None = None
    closed: Literal["ended", "abandoned", "deleted"] | None = None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None = None
    ended_at: datetime | None = None          # kept by backups made before this column was dropped; unused
    teams: Annotated[list[TeamPart], Field(min_length=1)]
    hands: list[HandPart]
    events: list[EventPart] = []
    substitutions: list[SubstitutePart] = []


class Backup(Part):
    format: Literal["treys-backup"]
    version: Literal[3]
    made_at: str | None = None
    notes: list[str] = []           # what an earlier format could not carry, said before the restore
    organisers: list[OrganiserPart] = []
    members: list[MemberPart] = []
    seasons: list[SeasonPart] = []
    house_rules: list[HouseRulesPart] = []     # files before house rules: none
    competitions: list[CompetitionPart] = []   # files before competitions: none
    sessions: list[SessionPart] = []
    games: list[GamePart] = []


def columns(part: Part) -> dict:
    """The part's columns as a row of its table (the restore's side of COLUMNS)."""
    return {name: getattr(part, name) for name in part.COLUMNS}


def where(location: tuple) -> str:
    """A place in the file in words: 'games, 3rd, hands, 5th, entries, 1st, table_points'."""
    words = []
    for part in location:
        if isinstance(part, int):
            n = part + 1
            words.append(f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}")
        else:
            words.append(str(part))
    return " > ".join(words)


def parse(data: bytes | str) -> Backup:
    """The file as a checked Backup of the current format, or BackupRefused with every reason."""
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BackupRefused(["This file is not a Treys backup: it is not a JSON document."]) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupRefused(["This file is not a Treys backup."])
    version = document.get("version")
    if type(version) is not int or version not in READS:
        raise BackupRefused([f"This backup has format version {version!r}; this Treys reads versions "
                             f"{READS[0]} to {READS[-1]}. Restore it with the Treys that made it, or a newer one."])
    if version == 1:
        document = upgrade_v1(document)
    if document.get("version") == 2:
        document = dict(document, version=3)      # what version 3 adds takes its defaults, as the upgrade gives
    try:
        return Backup.model_validate_json(json.dumps(document))
    except ValidationError as error:
        raise BackupRefused([f"The backup file is damaged at {where(e['loc'])}: {e['msg']}."
                             for e in error.errors()]) from None
