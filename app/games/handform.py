"""The hand form: per team, steppers for sets and 3s (big buttons where only a few counts can be) and typed
points; who went out; concealed.

The form only reads what was typed. Every rule is the engine's: its problems come back
here to be put next to the field they name (Problem.field "teams[1].sets.red_samba" is
the form field "team1-set_red_samba"); a problem naming no field goes to the message box.
"""
from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field

from flask_wtf import FlaskForm
from wtforms import BooleanField, Form, FormField, HiddenField, IntegerField

from app.rules.numbers import signed
from app.web.forms import Choice
from app.store.game.models import Hand
from app.rules import BlackThreeMelding, Problem, RuleSet, TeamEntry, trey_table_words
from app.rules.parse import LARGEST_NUMBER
from app.reading import read_whole_number
from app.rules.entries import COUNT_FIELDS

NOBODY = "none"
WHOLE_NUMBER = "Type a whole number here, like 0, 2 or 350."
TOO_LARGE = f"That number is too large: at most {LARGEST_NUMBER:,}."
#: Up to this many counts (besides none) are offered as buttons; more take a stepper.
FEW_COUNTS = 3
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
TEAM_FIELD = re.compile(r"^teams\[(\d+)\]\.(?:sets\.(\w+)|(\w+))$")


class CountField(IntegerField):
    """A whole number; left empty it is 0; anything else is refused in plain words."""

    def process_formdata(self, valuelist):
        text = (valuelist[0] if valuelist else "").strip().replace(",", "").replace("\u2212", "-")
        if not text:
            self.data = 0
            return
        try:
            value = int(text)
        except ValueError:
            self.data = None
            raise ValueError(WHOLE_NUMBER) from None
        if abs(value) > LARGEST_NUMBER:
            self.data = None
            raise ValueError(TOO_LARGE)
        self.data = value


@dataclass(frozen=True)
class Line:
    """One row of a team's card: the form field, its label, a hint, and how it is entered."""

    name: str
    label: str
    hint: str = ""
    kind: str = "stepper"   # "stepper", "points" or "choice" (a few counts, one big button each)
    rare: bool = False      # kept behind "more sets" (the rule set marks the set type rare)
    choices: tuple[tuple[str, str], ...] = ()   # a choice's (value, words), "0" first


@dataclass(frozen=True)
class Section:
    """A heading and its rows."""

    title: str
    lines: tuple[Line, ...]
    more: str = "More sets"     # the words on the fold that keeps its rare rows


def count_hint(value: int, word: str = "each") -> str:
    """'+500 each' / '−100 each'."""
    return f"{signed(value)} {word}"


def black_threes_melded_line(ruleset: RuleSet) -> Line:
    """Melded black 3s: a button for each count that can be (none, 3 or 4 in Hoyle's Bolivia), or a stepper."""
    counts = ruleset.black_three_meld_counts
    if len(counts) <= FEW_COUNTS:
        choices = (("0", "None"), *((str(n), str(n)) for n in counts))
        return Line("black_threes_melded", "Black 3s melded", f"going out only, {ruleset.black_three_meld_how}",
                    "choice", choices=choices)
    low, high = ruleset.black_three_meld_range
    return Line("black_threes_melded", "Black 3s melded", f"going out only, {low} to {high}")


def red_threes_line(ruleset: RuleSet) -> Line:
    """Red 3s on the table: one big button for each count a team can have (none up to every red 3 of the pack),
    so any count is one tap."""
    choices = (("0", "None"), *((str(n), str(n)) for n in range(1, ruleset.pack.red_threes + 1)))
    return Line("red_threes", "Red 3s on the table", trey_table_words(ruleset.red_three_table), "choice",
                choices=choices)


def sections(ruleset: RuleSet) -> tuple[Section, ...]:
    """The rows of a team's card for this rule set, grouped under headings. Rows a hand seldom needs (the rare
    sets, black 3s left in hand) wait behind a fold."""
    sets = tuple(Line(f"set_{s.id}", s.name, count_hint(s.bonus), rare=s.rare) for s in ruleset.set_types)
    threes = [red_threes_line(ruleset)]
    if ruleset.red_threes_in_hand_allowed:
        threes.append(Line("red_threes_in_hand", "Red 3s left in hand",
                           count_hint(ruleset.red_three_in_hand_points)))
    blacks = [Line("black_threes_in_hand", "Black 3s left in hand",
                   count_hint(ruleset.black_three_in_hand_points), rare=True)]
    if ruleset.black_three_melding != BlackThreeMelding.NEVER:
        blacks.insert(0, black_threes_melded_line(ruleset))
    cards = [Line("table_points", "Table points", "cards on the table, no 3s", "points"),
             Line("hand_points", "Hand points", "cards left in hand, no 3s", "points")]
    if ruleset.failed_go_out_points is not None:
        cards.append(Line("failed_go_outs", "Failed go-outs", count_hint(ruleset.failed_go_out_points)))
    return (Section("Completed sets", sets), Section("Red 3s", tuple(threes)),
            Section("Card points", tuple(cards)), Section("Black 3s", tuple(blacks), "Black 3s"))


def count_names(ruleset: RuleSet) -> list[str]:
    """Every number field of a team's card."""
    return [line.name for section in sections(ruleset) for line in section.lines]


def team_form_class(ruleset: RuleSet) -> type[Form]:
    """A team's part of the hand form for this rule set."""
    attrs = {name: CountField(name, default=0) for name in count_names(ruleset)}
    attrs["melded_yes"] = HiddenField()   # keeps a 'melded: true' entered through the API
    return type("TeamForm", (Form,), attrs)


def hand_form_class(ruleset: RuleSet, team_names: list[str]) -> type[FlaskForm]:
    """The hand form for a game: one part per team, who went out, concealed."""
    team_form = team_form_class(ruleset)
    choices = [(NOBODY, "Nobody (stock ran out)")] + [(str(i), n) for i, n in enumerate(team_names)]
    attrs = {f"team{i}": FormField(team_form) for i in range(len(team_names))}
    attrs.update(
        went_out=Choice("Who went out?", options=choices,
                        message="Choose who went out, or 'Nobody' if the stock ran out."),
        concealed=BooleanField("Went out concealed"),
        version=HiddenField(),
        hand_number=HiddenField(),
        client_token=HiddenField(),
    )
    return type("HandForm", (FlaskForm,), attrs)


def new_token() -> str:
    """A fresh client token: the same one sent twice records one hand."""
    return uuid.uuid4().hex


def hand_data(hand: Hand) -> dict:
    """A recorded hand as form data, to correct it."""
    data: dict = {"went_out": NOBODY}
    for i, entry in enumerate(hand.entries):
        team = {f"set_{k}": v for k, v in (entry.sets or {}).items()}
        for name in COUNT_FIELDS:
            team[name] = getattr(entry, name)
        team["melded_yes"] = "yes" if entry.melded is True else ""
        data[f"team{i}"] = team
        if entry.went_out:
            data["went_out"] = str(i)
            data["concealed"] = entry.concealed
    return data


@dataclass
class Reading:
    """What the form says: the engine's entries (when every number could be read) and the errors."""

    entries: list[TeamEntry] | None
    errors: dict[str, list[str]] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)
    went_out_chosen: bool = True

    @property
    def ok(self) -> bool:
        """Nothing to fix."""
        return self.entries is not None and not self.errors and not self.general

    def add(self, name: str | None, message: str) -> None:
        """A message on a field, or in the message box when name is None."""
        if name is None:
            if message not in self.general:
                self.general.append(message)
        elif message not in self.errors.setdefault(name, []):
            self.errors[name].append(message)

    def add_problems(self, problems: list[Problem], form: FlaskForm) -> None:
        """The engine's (or the store's) problems, each on its form field when it has one."""
        for problem in problems:
            self.add(problem_field(problem.field, form), problem.message)


def problem_field(path: str | None, form: FlaskForm) -> str | None:
    """'teams[0].sets.red_samba' -> 'team0-set_red_samba'; None when no form field matches."""
    match = TEAM_FIELD.match(path or "")
    if not match:
        return None
    team, set_id, name = match.groups()
    if name in ("went_out", "concealed"):
        return name
    target = f"set_{set_id}" if set_id else name
    part = getattr(form, f"team{team}", None)
    if part is None or target not in part.form:
        return None
    return f"team{team}-{target}"


def read_form(form: FlaskForm, ruleset: RuleSet, names: list[str], *, strict: bool = True) -> Reading:
    """Read the form into the engine's entries. strict: 'who went out' must be chosen."""
    reading = Reading(None)
    form.validate()
    for name, messages in form.errors.items():
        if isinstance(messages, dict):          # a team's part
            for sub, sub_messages in messages.items():
                for message in sub_messages:
                    reading.add(f"{name}-{sub}", message)
        elif name == "went_out":
            reading.went_out_chosen = False
            if strict:
                reading.add(name, messages[0])
        elif name == "csrf_token":
            reading.add(None, "This form had expired. Check the figures and press Save again.")
        else:
            for message in messages:
                reading.add(name, message)
    went = form.went_out.data if reading.went_out_chosen else NOBODY     # one of the choices once validated
    out = None if went == NOBODY else int(went)
    if form.concealed.data and out is None and reading.went_out_chosen:
        reading.add("concealed", "Concealed goes with the team that went out: "
                                 "choose who went out, or untick 'concealed'.")
    if any(key.startswith("team") for key in reading.errors):
        return reading
    reading.entries = [team_entry(form[f"team{i}"].form, ruleset, name, i == out,
                                  i == out and bool(form.concealed.data))
                       for i, name in enumerate(names)]
    return reading


def team_entry(part: Form, ruleset: RuleSet, name: str, went_out: bool, concealed: bool) -> TeamEntry:
    """One team's entry as the engine takes it."""
    sets = {s.id: part[f"set_{s.id}"].data or 0 for s in ruleset.set_types}
    counts = {line: part[line].data or 0 for line in count_names(ruleset) if not line.startswith("set_")}
    melded = True if part.melded_yes.data == "yes" else None     # else the engine works it out
    return TeamEntry(name=name, sets=sets, went_out=went_out, concealed=concealed, melded=melded, **counts)


def version_of(form: FlaskForm) -> int:
    """The game version the form was read from; -1 (always stale) when it is missing or garbled."""
    text = (form.version.data or "").strip()
    number = read_whole_number(text)
    return -1 if number is None else number


def hand_number_of(form: FlaskForm) -> int | None:
    """The hand number the form was opened for; None when the form did not say (an older page)."""
    text = (form.hand_number.data or "").strip()
    return read_whole_number(text)


def token_of(form: FlaskForm) -> str | None:
    """The client token sent (letters, digits, - and _), or None when it is missing or garbled."""
    token = (form.client_token.data or "").strip()
    return token if TOKEN.fullmatch(token) else None
