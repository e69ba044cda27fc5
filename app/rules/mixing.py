"""Who has met whom: the club's recent sessions as plain data, what a repeat costs, and a draw's quality in words."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Iterable, Sequence

#: How many of the club's earlier sessions the draw remembers.
HISTORY_SESSIONS = 12
#: What meeting again costs when it was earlier the same afternoon: more than every earlier session together.
SAME_AFTERNOON = 1000

Teams = tuple[tuple[str, ...], ...]


def pair(a: str, b: str) -> frozenset[str]:
    """Two players, in no order."""
    return frozenset((a, b))


def partners_in(teams: Iterable[Sequence[str]]) -> list[frozenset[str]]:
    """Every two players on the same team."""
    return [pair(a, b) for team in teams for a, b in combinations(team, 2)]


def opponents_in(teams: Sequence[Sequence[str]]) -> list[frozenset[str]]:
    """Every two players at the same table on different teams."""
    return [pair(a, b) for i, first in enumerate(teams) for second in teams[i + 1:] for a in first for b in second]


@dataclass(frozen=True)
class PastSession:
    """One earlier session as the draw remembers it: how long ago, and each table's teams."""

    age: int                      # 0: earlier this afternoon, 1: the club's last session, 2: the one before...
    tables: tuple[Teams, ...]

    @property
    def weight(self) -> int:
        """What one repeat from this session costs: earlier today most, then recent sessions more than old ones."""
        return SAME_AFTERNOON if self.age == 0 else max(0, HISTORY_SESSIONS + 1 - self.age)


@dataclass(frozen=True)
class History:
    """The club's recent sessions, newest first, and who sat out last time (last round or last session)."""

    sessions: tuple[PastSession, ...] = ()
    sat_out_last: tuple[str, ...] = ()
    #: Partners had earlier this afternoon given as bare pairs (no tables), as older callers hand them.
    partners_today: frozenset[frozenset[str]] = field(default_factory=frozenset)

    @cached_property
    def partner_cost(self) -> Counter:
        """What partnering each two players again costs."""
        cost: Counter = Counter({p: SAME_AFTERNOON for p in self.partners_today})
        for session in self.sessions:
            for teams in session.tables:
                for p in partners_in(teams):
                    cost[p] += session.weight
        return cost

    @cached_property
    def opponent_cost(self) -> Counter:
        """What seating each two players against each other again costs."""
        cost: Counter = Counter()
        for session in self.sessions:
            for teams in session.tables:
                for p in opponents_in(teams):
                    cost[p] += session.weight
        return cost

    def met(self, ages: Iterable[int], partners: bool) -> set[frozenset[str]]:
        """The pairs who were partners (or opponents) in the sessions of these ages."""
        wanted, found = set(ages), set()
        if partners and 0 in wanted:
            found |= set(self.partners_today)
        for session in self.sessions:
            if session.age in wanted:
                for teams in session.tables:
                    found |= set(partners_in(teams) if partners else opponents_in(teams))
        return found

    def team_cost(self, team: Sequence[str]) -> int:
        """What a team costs in repeated partnerships."""
        return sum(self.partner_cost[p] for p in partners_in([team]))

    def table_cost(self, teams: Sequence[Sequence[str]]) -> int:
        """What a table costs in repeated opponents."""
        return sum(self.opponent_cost[p] for p in opponents_in(teams))


def count_words(count: int, one: str, many: str) -> str:
    """'1 table meets' or '2 tables meet'."""
    return f"{count} {one if count == 1 else many}"


@dataclass(frozen=True)
class DrawQuality:
    """How well a draw mixes the club: partners and opponents met before, counted from the history."""

    teams: int                    # teams of two or more (0: everyone plays alone)
    fixed: bool                   # partners kept in pairs
    partners_today: int           # pairs partnered earlier this afternoon
    partners_recent: int          # pairs partnered in the remembered sessions (not today)
    tables: int
    tables_today: int             # tables where two opponents met earlier this afternoon
    tables_last: int              # tables where two opponents met at the club's last session
    last_session: bool = True     # the history holds a last session to compare with (not the club's first)
    today: bool = False           # an earlier round this afternoon to compare with

    @property
    def partner_words(self) -> str:
        """What the draw did with partners, in a clause."""
        if self.fixed:
            return "Partners play in their set pairs"
        if not self.teams:
            return "Everyone plays alone"
        if self.partners_today:
            return (count_words(self.partners_today, "pair partners", "pairs partner") +
                    " again from earlier today: the numbers allow no other way")
        if not self.partners_recent:
            return "Everyone has a new partner"
        return ("Everyone has a partner not had today; " +
                count_words(self.partners_recent, "pair was", "pairs were") +
                f" partners in the last {HISTORY_SESSIONS} sessions")

    @property
    def table_words(self) -> str:
        """Which tables meet again, in a clause."""
        parts = []
        if self.tables_today:
            parts.append(count_words(self.tables_today, "table meets", "tables meet") + " again from earlier today")
        if self.tables_last:
            parts.append(count_words(self.tables_last, "table meets", "tables meet") + " again from the last session")
        if parts:
            return "; ".join(parts)
        if self.last_session:
            return "no table meets again from the last session"
        if self.today:
            return "no table meets again from earlier today"
        return "this is the club's first session, so every table is new"

    @property
    def words(self) -> str:
        """The draw's quality in one sentence."""
        return f"{self.partner_words}; {self.table_words}."


def draw_quality(tables: Sequence[Sequence[Sequence[str]]], history: History, fixed: bool = False) -> DrawQuality:
    """How these tables mix the club, against what the history remembers."""
    pairs = {p for teams in tables for p in partners_in(teams)}
    today = history.met([0], partners=True)
    recent = history.met(range(1, HISTORY_SESSIONS + 1), partners=True)
    faced_today = history.met([0], partners=False)
    faced_last = history.met([1], partners=False)

    def meets(teams, faced) -> bool:
        return any(p in faced for p in opponents_in(teams))
    return DrawQuality(
        teams=sum(1 for teams in tables for team in teams if len(team) > 1), fixed=fixed,
        partners_today=len(pairs & today), partners_recent=len((pairs & recent) - today), tables=len(tables),
        tables_today=sum(1 for teams in tables if meets(teams, faced_today)),
        tables_last=sum(1 for teams in tables if not meets(teams, faced_today) and meets(teams, faced_last)),
        last_session=any(session.age == 1 for session in history.sessions),
        today=bool(history.partners_today) or any(session.age == 0 for session in history.sessions))
