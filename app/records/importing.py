"""Import the club's list of players from a CSV file: one name a line, or a membership export."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from flask import flash, redirect, request, url_for
from flask_login import current_user, login_required

from app.store.club.players import NAME_LENGTH, clean_name, find_member
from app.records.blueprint import bp
from app.store.club.writes import import_members
from app.store.people.members import address_problems, clean_address

#: Largest file accepted: a club list of thousands of names is far smaller.
MAX_BYTES = 1_000_000


@dataclass
class ImportPlan:
    """The names a file gives, what is wrong with it and what the organiser should know."""

    names: list[str] = field(default_factory=list)
    #: The email address a file gives for a name (an "Email" column), the member having agreed to the emails.
    addresses: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def decode(data: bytes, plan: ImportPlan) -> str:
    """The file's text: UTF-8 (with or without BOM), UTF-16 with a BOM, else Windows-1252 with a notice."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        plan.notices.append("The file was not UTF-8; it was read as Windows (cp1252) text. "
                            "Check accented names below.")
        return data.decode("cp1252", errors="replace")


def name_columns(header: list[str]) -> list[int] | None:
    """The column(s) holding the name in a header row, or None when the first row is not a header."""
    keys = [cell.strip().lower() for cell in header]
    for key in ("name", "full name", "member name"):
        if key in keys:
            return [keys.index(key)]
    first = next((keys.index(k) for k in ("first name", "firstname", "given name") if k in keys), None)
    last = next((keys.index(k) for k in ("last name", "lastname", "surname", "family name") if k in keys), None)
    return None if first is None or last is None else [first, last]


def email_column(header: list[str]) -> int | None:
    """The column holding members' email addresses in a header row, if any."""
    keys = [cell.strip().lower() for cell in header]
    return next((keys.index(k) for k in ("email", "e-mail", "email address", "e-mail address") if k in keys), None)


def read_address(row: list[str], column: int | None, number: int, plan: ImportPlan) -> str:
    """The row's email address, checked ('' when the file has none for it)."""
    address = clean_address(row[column]) if column is not None and column < len(row) else ""
    plan.problems += [f"Line {number}: {problem.message}" for problem in address_problems(address)]
    return address


def plan_import(data: bytes) -> ImportPlan:
    """Read the file whole and say what would be imported; nothing is stored here."""
    plan = ImportPlan()
    if len(data) > MAX_BYTES:
        plan.problems.append(f"This file is {len(data) // 1_000_000} MB; a list of players is at most "
                             f"{MAX_BYTES // 1_000_000} MB. Choose the right file.")
        return plan
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        plan.problems.append("This is not a CSV text file (it may be an Excel workbook). In the spreadsheet, "
                             "use Save As and choose 'CSV UTF-8', then import that file.")
        return plan
    text = decode(data, plan)
    if "\x00" in text:
        plan.problems.append("This file holds a character that is not text (a NUL byte), so it is not a list of "
                             "names. In the spreadsheet, use Save As and choose 'CSV UTF-8', then import that file.")
        return plan
    try:        # universal newlines: Windows, Unix and old Mac (CR only) line ends alike
        rows = [row for row in csv.reader(io.StringIO(text, newline=None)) if any(cell.strip() for cell in row)]
    except csv.Error as error:
        plan.problems.append(f"This file cannot be read as CSV ({error}). Save it again as 'CSV UTF-8'.")
        return plan
    columns = name_columns(rows[0]) if rows else None
    emails = email_column(rows[0]) if columns is not None else None
    if columns is not None:
        rows = rows[1:]
    else:
        columns = [0]
    seen: dict[str, str] = {}
    for number, row in enumerate(rows, start=2 if columns != [0] else 1):
        name = clean_name(" ".join(row[i] for i in columns if i < len(row)))
        if not name:
            continue
        if len(name) > NAME_LENGTH:
            plan.problems.append(f"Line {number}: a name can be at most {NAME_LENGTH} characters.")
        elif name.lower() in seen:
            plan.problems.append(f"Line {number}: {name} is in the file twice.")
        else:
            seen[name.lower()] = name
            address = read_address(row, emails, number, plan)
            if address:
                plan.addresses[name] = address
    if not seen and not plan.problems:
        plan.problems.append("This file has no names in it.")
    plan.names = list(seen.values())
    return plan


def import_players(data: bytes, by: str = "") -> ImportPlan:
    """Add the file's new names to the club's list, all or nothing; names already there are kept. The addresses
    of an "Email" column are given to their members (new or already there)."""
    plan = plan_import(data)
    if plan.problems:
        return plan
    new = [name for name in plan.names if find_member(name) is None]
    if len(new) < len(plan.names):
        plan.notices.append(f"{len(plan.names) - len(new)} names were already on the list.")
    import_members(new, plan.addresses, find_member, by)
    if plan.addresses:
        plan.notices.append(f"{len(plan.addresses)} email addresses saved.")
    plan.names = new
    return plan


#: At most this many of a file's problems are shown one by one; the rest are counted.
SHOWN_PROBLEMS = 5


def summary(messages: list[str]) -> list[str]:
    """The first few messages and how many more there are (a file of thousands of repeated names would
    otherwise fill the page and the session cookie with every one)."""
    if len(messages) <= SHOWN_PROBLEMS:
        return messages
    more = len(messages) - (SHOWN_PROBLEMS - 1)
    return messages[:SHOWN_PROBLEMS - 1] + [f"... and {more:,} more like these ({len(messages):,} in all)."]


@bp.post("/players/import")
@login_required
def import_page():
    """Import a CSV file of players and say what happened."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        flash("Choose a CSV file of players first.", "error")
        return redirect(url_for("records.index"))
    plan = import_players(upload.stream.read(MAX_BYTES + 1), current_user.name)
    for message in summary(plan.problems):
        flash(message, "error")
    for message in summary(plan.notices):
        flash(message, "info")
    if not plan.problems:
        flash(f"{len(plan.names)} players added to the club's list.", "info")
    return redirect(url_for("records.index"))
