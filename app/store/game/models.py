"""What is stored: games, teams, players, hands and each team's entries as entered."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, ForeignKey, Index, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.extensions import db
from app.store.base.ids import PublicIdType, public_id
from app.store.tenancy.scope import ClubOwned
from app.rules import TeamEntry
from app.rules.entries import ENTRY_FIELDS


def utcnow() -> datetime:
    """The current time in UTC."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


def this_minute() -> str:
    """The current minute in UTC ('202611291405'): what a stamp or a kept body holds when it moves with the clock."""
    return utcnow().strftime("%Y%m%d%H%M")


class Game(ClubOwned, db.Model):
    """One game at one table under one rule set; scores are derived from its hands (the result they make is
    stored with the version it belongs to: app/store/game/results.py)."""

    #: Random (app/store/base/ids.py): a game's link cannot be found by counting.
    id: Mapped[int] = mapped_column(PublicIdType, primary_key=True, autoincrement=False, default=public_id)
    ruleset_id: Mapped[str] = mapped_column(db.String(40))
    variations: Mapped[dict] = mapped_column(JSON, default=dict)
    target: Mapped[int]
    table_label: Mapped[str] = mapped_column(db.String(40), default="")
    table_code: Mapped[str] = mapped_column(db.String(12))
    first_dealer_team: Mapped[int] = mapped_column(default=0)
    first_dealer_player: Mapped[int] = mapped_column(default=0)
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]
    closed: Mapped[str | None] = mapped_column(db.String(20))   # "ended", "abandoned", "deleted" by the table
    # A club session's table: its format and how the clock or the organiser ended it.
    session_id: Mapped[int | None] = mapped_column(PublicIdType, ForeignKey("club_session.id", ondelete="SET NULL"), index=True)
    session_round: Mapped[int | None]
    table_number: Mapped[int | None]
    format_kind: Mapped[str | None] = mapped_column(db.String(10))
    format_hands: Mapped[int | None]
    last_hand: Mapped[int | None]       # the hand that ends the game because time was called (0: none)
    client_token: Mapped[str | None] = mapped_column(db.String(64), index=True)   # opened through the API with one
    request_digest: Mapped[str | None] = mapped_column(db.String(64))   # what that request asked for, hashed
    #: The version of the club's house rules the game was opened with (None: the seed rule set as written): a
    #: plain column that reads and filters may use; the game scores, prints and exports by it for good.
    house_rules_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("house_rules_version.id"), index=True)
    #: The engine's result of the game at a version (results.result_document), written with every change of the
    #: game: what the records read instead of replaying every hand (None: to be replayed).
    result: Mapped[dict | None] = mapped_column(JSON)
    teams: Mapped[list[Team]] = relationship(back_populates="game", order_by="Team.position",
                                             cascade="all, delete-orphan")
    hands: Mapped[list[Hand]] = relationship(back_populates="game", order_by="Hand.number",
                                             cascade="all, delete-orphan")

    events: Mapped[list[GameEvent]] = relationship(back_populates="game", order_by="GameEvent.seq",
                                                   cascade="all, delete-orphan", lazy="select")

    __mapper_args__ = {"version_id_col": version}
    #: Two tables of one session never share a code (games outside a session have no session: not counted).
    __table_args__ = (Index("ux_game_session_id_table_code", "session_id", "table_code", unique=True),)

    @property
    def title(self) -> str:
        """What the table calls the game: its table's label, else its teams ('Ann & Bob v Cy & Di'); never its
        id, a long random number."""
        return self.table_label or " v ".join(self.team_names) or "This game"

    @property
    def team_names(self) -> list[str]:
        """The teams' names in order."""
        return [team.name for team in self.teams]

    @property
    def team_players(self) -> list[list[str]]:
        """Players' names team by team, in seating order."""
        return [[p.name for p in team.players] for team in self.teams]


class Team(ClubOwned, db.Model):
    """A team (or a player alone) in a game."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("game.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(db.String(60))
    game: Mapped[Game] = relationship(back_populates="teams")
    players: Mapped[list[Player]] = relationship(back_populates="team", order_by="Player.position",
                                                 cascade="all, delete-orphan")
    __table_args__ = (UniqueConstraint("game_id", "position"),)


class Player(ClubOwned, db.Model):
    """A player seated in a team."""

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(db.String(60))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"), index=True)
    team: Mapped[Team] = relationship(back_populates="players")


class Hand(ClubOwned, db.Model):
    """One hand of a game: the entries of every team, as entered."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    client_token: Mapped[str | None] = mapped_column(db.String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: In a session with agreement: the player of another team who agreed to the hand, and when (a
    #: correction asks again).
    agreed_by: Mapped[str | None] = mapped_column(db.String(60))
    agreed_at: Mapped[datetime | None]
    game: Mapped[Game] = relationship(back_populates="hands")
    entries: Mapped[list[HandEntry]] = relationship(back_populates="hand", order_by="HandEntry.team_position",
                                                    cascade="all, delete-orphan")
    __table_args__ = (UniqueConstraint("game_id", "number"), UniqueConstraint("game_id", "client_token"))

    def team_entries(self, names: list[str]) -> list[TeamEntry]:
        """The engine's entries for this hand, team by team, named after the teams."""
        return [entry.to_engine(name) for entry, name in zip(self.entries, names)]


# Columns of a team's entry: alike in shape only to the game's columns above (one typed column a line).
class HandEntry(ClubOwned, db.Model):
    """One team's figures for one hand, exactly as entered at the table."""

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    team_position: Mapped[int]
    sets: Mapped[dict] = mapped_column(JSON, default=dict)
    table_points: Mapped[int] = mapped_column(default=0)
    hand_points: Mapped[int] = mapped_column(default=0)
    red_threes: Mapped[int] = mapped_column(default=0)
    red_threes_in_hand: Mapped[int] = mapped_column(default=0)
    black_threes_in_hand: Mapped[int] = mapped_column(default=0)
    black_threes_melded: Mapped[int] = mapped_column(default=0)
    failed_go_outs: Mapped[int] = mapped_column(default=0)
    went_out: Mapped[bool] = mapped_column(default=False)
    concealed: Mapped[bool] = mapped_column(default=False)
    melded: Mapped[bool | None]
    hand: Mapped[Hand] = relationship(back_populates="entries")
    __table_args__ = (UniqueConstraint("hand_id", "team_position"),)

    FIELDS = ENTRY_FIELDS

    def to_engine(self, name: str) -> TeamEntry:
        """The entry as the rules engine takes it."""
        values = {field: getattr(self, field) for field in self.FIELDS}
        values["sets"] = dict(self.sets or {})
        return TeamEntry(name=name, **values)

    @classmethod
    def from_engine(cls, position: int, entry: TeamEntry) -> HandEntry:
        """A row holding an engine entry as entered."""
        values = {field: getattr(entry, field) for field in cls.FIELDS}
        values["sets"] = dict(entry.sets)
        return cls(team_position=position, **values)


class GameEvent(ClubOwned, db.Model):
    """One change to a game, kept for good: what changed, the entries before and after, when and by whom."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(db.String(20))
    hand_number: Mapped[int | None]
    client_token: Mapped[str | None] = mapped_column(db.String(64))
    before: Mapped[dict | None] = mapped_column(JSON)
    after: Mapped[dict | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    actor_kind: Mapped[str] = mapped_column(db.String(12))      # an ActorKind (app/store/game/gamelog.py)
    actor_id: Mapped[str] = mapped_column(db.String(64), default="")
    actor_label: Mapped[str] = mapped_column(db.String(80), default="")
    game: Mapped[Game] = relationship(back_populates="events")
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
