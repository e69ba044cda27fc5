"""Seats set by hand after the draw: a player or two moved to another table (or out), or two players swapped;
each table left as the rule set allows and none that has started its first hand touched."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .codes import Code
from .draw import TableDraw, table_sizes
from .game import table_problems
from .model import RuleSet
from .refusal import RefusalKind, refuse


@dataclass(frozen=True)
class Seating:
    """A round's seats as they stand: its tables, who sits out, and the tables that have started (numbers)."""

    tables: tuple[TableDraw, ...]
    sitting_out: tuple[str, ...] = ()
    started: frozenset[int] = frozenset()

    def table_of(self, name: str) -> TableDraw | None:
        """The table this player sits at, or None."""
        return next((table for table in self.tables if name in table.seats), None)

    def numbered(self, number: int) -> TableDraw | None:
        """The table with this number, or None."""
        return next((table for table in self.tables if table.number == number), None)


def label(table: TableDraw) -> str:
    """'Table 3'."""
    return f"Table {table.number}"


def names_words(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bob'."""
    return " and ".join(names)


def seats_words(ruleset: RuleSet) -> str:
    """'Bolivia tables seat 4 or 6 players, in two teams' (and players alone where the rule set allows)."""
    teams = " or ".join(str(2 * size) for size in sorted(ruleset.team_sizes))
    words = f"{ruleset.name} tables seat {teams} players in two teams"
    if ruleset.solo_players:
        words += f", or {' or '.join(str(n) for n in sorted(ruleset.solo_players))} players each playing alone"
    return words


def check_playing(seating: Seating, names: Sequence[str], field: str, doing: str) -> None:
    """Each name is at a table or sitting out this round, and no table of theirs has started."""
    for name in names:
        table = seating.table_of(name)
        if table is None and name not in seating.sitting_out:
            raise refuse(RefusalKind.INVALID, f"{name or 'That player'} is not at a table or sitting out this round.",
                         field, Code.SEATS_NOT_PLAYING)
        if table is not None and table.number in seating.started:
            raise refuse(RefusalKind.CONFLICT, f"{label(table)} has started: {doing} only before the first hand.",
                         field, Code.SEATS_STARTED)


def check_shape(ruleset: RuleSet, table: TableDraw, field: str) -> None:
    """The table, as it would be, is one the rule set allows; else a sentence saying what it would be."""
    sizes = [len(team) for team in table.teams]
    if not table_problems(ruleset, sizes):
        return
    if len(sizes) == 2 and sizes[0] != sizes[1] and table.size in table_sizes(ruleset):
        would = f"would have teams of {sizes[0]} and {sizes[1]}: both teams need the same number of players"
    elif len(sizes) == 1 and table.size > 1:
        would = f"would have only one team ({names_words(table.teams[0])})"
    else:
        would = f"would have {table.size or 'no'} player{'' if table.size == 1 else 's'}"
    raise refuse(RefusalKind.INVALID, f"{label(table)} {would}. {seats_words(ruleset)}. To change places with "
                                      "players at another table, swap them instead.", field, Code.SEATS_TABLE_SIZE)


def without(table: TableDraw, names: Sequence[str]) -> TableDraw:
    """The table with these players gone (a player alone takes their team with them)."""
    teams = tuple(tuple(p for p in team if p not in names) for team in table.teams)
    return with_teams(table, tuple(team for team in teams if team))


def joined(table: TableDraw, names: Sequence[str]) -> TableDraw:
    """The table with these players added: each alone at a table of players alone, else one to each team (when
    as many come as there are teams; otherwise the first team takes them, and the shape check says why not)."""
    if table.solo and table.teams:
        return with_teams(table, table.teams + tuple((name,) for name in names))
    if len(names) == len(table.teams):
        return with_teams(table, tuple(team + (name,) for team, name in zip(table.teams, names)))
    teams = list(table.teams) or [()]
    return with_teams(table, (teams[0] + tuple(names),) + tuple(teams[1:]))


def with_teams(table: TableDraw, teams: tuple[tuple[str, ...], ...]) -> TableDraw:
    """The table with new teams; the first deal stays with its seat while that seat is there."""
    team, player = table.first_dealer
    dealer = (team, player) if team < len(teams) and player < len(teams[team]) else (0, 0)
    return replace(table, teams=teams, first_dealer=dealer)


def move_players(ruleset: RuleSet, seating: Seating, names: Sequence[str], to: int | None) -> Seating:
    """Move one player or two (a pair) to table `to`, or out of this round when `to` is None. Refused, with a
    sentence a club player understands, when a name is not in the round, a table concerned has started, or a
    table would be left with a number of players the rule set does not allow."""
    names = tuple(dict.fromkeys(name for name in names if name))
    if not names:
        raise refuse(RefusalKind.INVALID, "Choose the player to move.", "move", Code.SEATS_NO_PLAYER)
    check_playing(seating, names, "move", "move players")
    target = None if to is None else seating.numbered(to)
    if to is not None and target is None:
        raise refuse(RefusalKind.INVALID, f"There is no Table {to} this round.", "to", Code.SEATS_NO_TABLE)
    if target is not None and target.number in seating.started:
        raise refuse(RefusalKind.CONFLICT, f"{label(target)} has started: move players only before the first hand.",
                     "to", Code.SEATS_STARTED)
    staying = [name for name in names if (seating.table_of(name) is target if target else name in seating.sitting_out)]
    if staying:
        where = label(target) if target else "sitting out"
        raise refuse(RefusalKind.INVALID, f"{names_words(staying)} {'is' if len(staying) == 1 else 'are'} already "
                                          f"{'at ' if target else ''}{where}.", "to", Code.SEATS_SAME_TABLE)
    tables = []
    for table in seating.tables:
        after = without(table, names) if any(name in table.seats for name in names) else table
        after = joined(after, names) if table is target else after
        if after is not table:
            check_shape(ruleset, after, "move")
        tables.append(after)
    out = [name for name in seating.sitting_out if name not in names] + ([] if target else list(names))
    return replace(seating, tables=tuple(tables), sitting_out=tuple(out))


def swap_players(seating: Seating, first: str, second: str) -> Seating:
    """Two players change places (or a player and one sitting out); refused when either is not in the round, a
    table of theirs has started, the two are one, or they are partners (a swap would change nothing)."""
    if not first or not second:
        raise refuse(RefusalKind.INVALID, "Choose the two players to swap.", "swap", Code.SEATS_NO_PLAYER)
    check_playing(seating, (first, second), "swap", "swap")
    if first == second:
        raise refuse(RefusalKind.INVALID, "Choose two different players to swap.", "swap", Code.SEATS_SAME_PLAYER)
    table = seating.table_of(first)
    if table is not None and any(first in team and second in team for team in table.teams):
        raise refuse(RefusalKind.INVALID, f"{first} and {second} are partners at {label(table)}: swapping them "
                                          "changes nothing.", "swap", Code.SEATS_SAME_TABLE)
    other = {first: second, second: first}
    tables = tuple(with_teams(table, tuple(tuple(other.get(p, p) for p in team) for team in table.teams))
                   for table in seating.tables)
    return replace(seating, tables=tables, sitting_out=tuple(other.get(n, n) for n in seating.sitting_out))


def moved_words(seating: Seating, names: Sequence[str], to: int | None) -> str:
    """The record's line of a move: 'Ann and Bob move from Table 2 to Table 3.'"""
    froms = list(dict.fromkeys(label(t) if (t := seating.table_of(n)) else "sitting out" for n in names if n))
    one = len(names) == 1
    if to is None:
        return (f"Seats set by hand: {names_words(names)} {'leaves' if one else 'leave'} {' and '.join(froms)} "
                f"and {'sits' if one else 'sit'} out this round.")
    return f"Seats set by hand: {names_words(names)} {'moves' if one else 'move'} from {' and '.join(froms)} to Table {to}."


def swapped_words(seating: Seating, first: str, second: str) -> str:
    """The record's line of a swap: 'Ann and Ola swap places (Table 1 and sitting out).'"""
    places = " and ".join(dict.fromkeys(label(t) if (t := seating.table_of(n)) else "sitting out"
                                        for n in (first, second)))
    return f"Seats set by hand: {first} and {second} swap places ({places})."


__all__ = ["Seating", "move_players", "moved_words", "swap_players", "swapped_words"]
