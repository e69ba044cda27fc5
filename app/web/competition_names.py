"""A competition table's names to find a row by: each player once, in alphabetical order, with the rows they are in
(their own row, or each pair they played in), and the ids those rows carry on the page."""
from __future__ import annotations

from dataclasses import dataclass

from app.rules.competition import Whom
from app.rules.competition_rank import CompetitionRow, CompetitionTable


@dataclass(frozen=True)
class RowLink:
    """A row a player is in: its id on the page and what the link says ('with Eve Green, 2nd')."""

    anchor: str
    words: str


@dataclass(frozen=True)
class FoundName:
    """A player and the rows they are in."""

    name: str
    rows: tuple[RowLink, ...]


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    ending = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{ending}"


def row_anchor(prefix: str, number: int) -> str:
    """The id of the table's row `number` (counted from 1, qualified rows first)."""
    return f"{prefix}-{number}"


def place_words(row: CompetitionRow) -> str:
    """Where a row stands: '2nd', or 'not yet qualified'."""
    return ordinal(row.place) if row.place is not None else "not yet qualified"


def found_names(table: CompetitionTable, prefix: str = "entrant") -> list[FoundName]:
    """Every player of the table, alphabetically, each with the rows they are in (a pair's partner named)."""
    rows: dict[str, list[RowLink]] = {}
    for number, row in enumerate(table.rows, start=1):
        for player in row.players:
            if table.competition.whom == Whom.PAIRS:
                partners = " & ".join(p for p in row.players if p != player) or "alone"
                words = f"with {partners}, {place_words(row)}"
            else:
                words = place_words(row)
            rows.setdefault(player, []).append(RowLink(row_anchor(prefix, number), words))
    return [FoundName(name, tuple(links)) for name, links in sorted(rows.items(), key=lambda item: item[0].casefold())]
