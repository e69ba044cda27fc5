"""CSV text for every download: the columns, the cells made safe for spreadsheets."""
from __future__ import annotations

import csv
import io
import json
from functools import lru_cache
from typing import Iterable


def to_csv(columns: list[str], rows: list[dict]) -> str:
    """UTF-8 CSV text with a header row of the columns' keys."""
    return lines_to_csv(columns, (map(row.get, columns) for row in rows))


def lines_to_csv(columns: list[str], lines: Iterable[Iterable]) -> str:
    """UTF-8 CSV text with a header row of the columns' keys, then each line's values in the columns' order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows([value if type(value) is int else cell(value) for value in line] for line in lines)
    return out.getvalue()


#: The first characters that make a spreadsheet read a cell as a formula (or run one): such a text cell
#: starts with an apostrophe instead, which the spreadsheet shows as plain text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


#: The Content-Type of every CSV download: one charset.
CSV_TYPE = "text/csv; charset=utf-8"


def cell(value: object) -> object:
    """A value as a spreadsheet cell: yes/no for flags, JSON for sets (the ones made), empty for none; text
    that a spreadsheet would take for a formula (a name typed as '=HYPERLINK(...)') made plain text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if all(type(v) is int for v in value.values()):
            return made_text_of_counts(tuple(value.items()))
        return made_text(value)
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def made_text(items) -> str:
    """A mapping's items with a value (a team's sets made) as JSON, sorted."""
    return json.dumps({k: v for k, v in dict(items).items() if v}, sort_keys=True)


#: The same for items that are all counts, worked out once for each mix of sets (hands.csv has thousands).
made_text_of_counts = lru_cache(maxsize=1024)(made_text)
