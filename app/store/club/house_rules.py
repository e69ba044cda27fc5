"""The one write path of a club's house rules (made, edited as a new version, deleted when no game used them) and
their reads: the club's list, one by id, and the rule set a version plays by."""
from __future__ import annotations

import json
from functools import lru_cache

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from app.extensions import db
from app.rules import Changes, HouseRules, Problem, RuleSet, house_ruleset, read_changes, read_house_rules
from app.rules import differences, get_ruleset
from app.rules.codes import Code
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.store.club.models import ClubSession
from app.store.club.house_models import HouseRulesRow, HouseRulesVersion
from app.store.base.ids import LARGEST_SMALL_ID
from app.store.game.models import Game, utcnow


def club_house_rules() -> list[HouseRulesRow]:
    """The club's house rules, by name, each with its versions (two statements whatever their number)."""
    return list(db.session.scalars(select(HouseRulesRow).options(selectinload(HouseRulesRow.versions))
                                   .order_by(HouseRulesRow.name)))


def club_house_rules_beside_documents() -> list[tuple[HouseRulesRow, RuleSet, tuple]]:
    """Each of the club's house rules with the rule set its newest version plays by and each rule that differs
    from its document (the engine's `differences`)."""
    found = []
    for row in club_house_rules():
        ruleset = version_ruleset(row.latest)
        found.append((row, ruleset, differences(get_ruleset(row.latest.base, row.latest.variations), ruleset)))
    return found


def house_rules_row(house_rules_id, field: str = "house_rules") -> HouseRulesRow:
    """The club's house rules with this id, or a not-found refusal (another club's are not found either)."""
    row = None
    if isinstance(house_rules_id, int) and not isinstance(house_rules_id, bool) and 0 < house_rules_id <= LARGEST_SMALL_ID:
        row = db.session.get(HouseRulesRow, house_rules_id)
    if row is None:
        raise refuse(RefusalKind.NOT_FOUND, f"The club has no house rules number {str(house_rules_id)[:20]}.",
                     field, Code.HOUSE_UNKNOWN)
    return row


def latest_version(house_rules_id, field: str = "house_rules") -> HouseRulesVersion:
    """The newest version of the club's house rules with this id: what a new game or afternoon is opened with."""
    return house_rules_row(house_rules_id, field).latest


def chosen_house_rules(house_rules, ruleset=None) -> tuple[HouseRulesVersion | None, list[Problem]]:
    """The newest version of the house rules a game or an afternoon asks for (None: none asked), with what is wrong:
    no such house rules in this club, or a rule set sent beside them that is not their base."""
    if house_rules is None:
        return None, []
    try:
        version = latest_version(house_rules)
    except Refusal as refused:
        return None, [Problem("house_rules", refused.problems[0].message, Code.HOUSE_UNKNOWN)]
    if ruleset not in (None, "", version.base):
        base = get_ruleset(version.base).short_name
        return None, [Problem("ruleset", f"'{version.name}' are house rules on {base}: leave the rule set out, or "
                                         f"give {base}'s.", Code.HOUSE_BOTH)]
    return version, []


def game_variations(version: HouseRulesVersion, asked: dict | None) -> dict:
    """A game's variations under house rules: the house rules' own, and a solo variation chosen at the table."""
    base = get_ruleset(version.base)
    solo = {v.id for v in base.variations if v.solo_only}
    return {**dict(version.variations or {}), **{k: v for k, v in (asked or {}).items() if k in solo}}


def version_row(version_id: int) -> HouseRulesVersion:
    """One stored version (a game's or a session's), from the session's identity map when already read."""
    version = db.session.get(HouseRulesVersion, version_id)
    if version is None:
        raise refuse(RefusalKind.NOT_FOUND, "The house rules this game was opened with are not stored here.",
                     "house_rules", Code.HOUSE_UNKNOWN)
    return version


def as_key(value: dict | None) -> str:
    """Stored variations or changes as the text the engine's values are kept by."""
    return json.dumps(value or {}, sort_keys=True)


def engine_house_rules(version: HouseRulesVersion) -> HouseRules:
    """The version as the engine's HouseRules."""
    return HouseRules(version.name, version.base, dict(version.variations or {}),
                      stored_changes(version.base, as_key(version.variations), as_key(version.changes)),
                      version.version)


@lru_cache(maxsize=512)
def stored_changes(base: str, variations: str, changes: str) -> Changes:
    """Changes as stored (checked when they were saved), read again by the engine; kept by what they say."""
    read, problems = read_changes(get_ruleset(base, json.loads(variations)), json.loads(changes))
    if problems:          # stored under other checks: the base's figures stand, never a half-read change
        return Changes()
    return read


@lru_cache(maxsize=512)
def _ruleset(name: str, base: str, variations: str, changes: str) -> RuleSet:
    """The rule set of a version, kept by what the version says (versions never change)."""
    return house_ruleset(HouseRules(name, base, json.loads(variations), stored_changes(base, variations, changes)))


def version_ruleset(version: HouseRulesVersion) -> RuleSet:
    """The rule set a stored version plays by."""
    return _ruleset(version.name, version.base, as_key(version.variations), as_key(version.changes))


def ruleset_of_version(version_id: int | None, ruleset_id: str, variations: dict | None) -> RuleSet:
    """A game's or a session's rule set: its house rules version's, else the seed rule set with its variations.
    A game's own variations (a solo one chosen at the table) stand beside the house rules' own."""
    if version_id is None:
        return get_ruleset(ruleset_id, variations)
    version = version_row(version_id)
    if dict(variations or {}) == dict(version.variations or {}):
        return version_ruleset(version)
    return _ruleset(version.name, version.base, as_key(dict(variations or {})), as_key(version.changes))


def reference(version_id: int | None) -> dict | None:
    """A game's or an afternoon's house rules as its JSON names them: {"id", "name", "version"}; None for none."""
    if version_id is None:
        return None
    return version_reference(version_row(version_id))


def version_reference(version: HouseRulesVersion) -> dict:
    """A stored version as a game's JSON names it: {"id", "name", "version"}."""
    return {"id": version.house_rules_id, "name": version.name, "version": version.version}


def references(version_ids) -> dict[int, dict]:
    """The references of many games' or afternoons' versions, by version id, in one statement whatever their
    number (a list's page, the board's tables); a game without house rules reads `.get(None)`: None."""
    wanted = {version_id for version_id in version_ids if version_id is not None}
    if not wanted:
        return {}
    versions = db.session.scalars(select(HouseRulesVersion).where(HouseRulesVersion.id.in_(wanted)))
    return {version.id: version_reference(version) for version in versions}


def house_rules_words(version_id: int | None) -> str:
    """'Our Bolivia, version 2': a game's or an afternoon's house rules in a cell or a line; '' for none."""
    found = reference(version_id)
    return "" if found is None else f"{found['name']}, version {found['version']}"


def uses(row: HouseRulesRow) -> tuple[int, int]:
    """How many games and afternoons were opened with any version of these house rules."""
    ids = [v.id for v in row.versions]
    games = db.session.scalar(select(func.count()).select_from(Game).where(Game.house_rules_version_id.in_(ids)))
    sessions = db.session.scalar(select(func.count()).select_from(ClubSession)
                                 .where(ClubSession.house_rules_version_id.in_(ids)))
    return games or 0, sessions or 0


def save_house_rules(name, base, variations, changes, *, house_rules_id: int | None = None,
                     by: str = "") -> HouseRulesRow:
    """Make house rules, or (house_rules_id) give them a new version: the games opened with an older one keep it.
    Every problem at once, nothing stored when there is one."""
    row = house_rules_row(house_rules_id, "id") if house_rules_id is not None else None
    rules, problems = read_house_rules(name, base, variations, changes, (row.latest.version + 1) if row else 1)
    if rules is not None:
        taken = db.session.scalar(select(HouseRulesRow.id).where(func.lower(HouseRulesRow.name) == rules.name.lower()))
        if taken is not None and (row is None or taken != row.id):
            problems.append(Problem("name", f"The club already has house rules called '{rules.name}': give these "
                                            "another name, or edit those.", Code.HOUSE_NAME))
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)
    if row is None:
        row = HouseRulesRow(name=rules.name)
        db.session.add(row)
    row.name = rules.name
    row.versions.append(HouseRulesVersion(version=rules.version, name=rules.name, base=rules.base,
                                          variations=dict(rules.variations), changes=rules.changes.as_dict(),
                                          created_at=utcnow(), created_by=by[:80]))
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise refuse(RefusalKind.CONFLICT, "These house rules were changed meanwhile (or their name taken): "
                                           "open them again and make the change anew.", "name",
                     Code.HOUSE_NAME) from None
    return row


def delete_house_rules(house_rules_id: int) -> None:
    """Delete house rules no game or afternoon was opened with; refused with the reason otherwise."""
    row = house_rules_row(house_rules_id, "id")
    games, sessions = uses(row)
    if games or sessions:
        used = " and ".join(part for part in (
            f"{games} game{'s' * (games != 1)}" if games else "",
            f"{sessions} afternoon{'s' * (sessions != 1)}" if sessions else "") if part)
        were = "was" if games + sessions == 1 else "were"
        are = "is" if games + sessions == 1 else "are"
        raise refuse(RefusalKind.CONFLICT, f"'{row.name}' cannot be deleted: {used} {were} played by them and {are} "
                                           "scored by them for good. Edit them instead (games keep their version).",
                     "id", Code.HOUSE_IN_USE)
    db.session.delete(row)
    db.session.commit()


__all__ = ["chosen_house_rules", "club_house_rules", "club_house_rules_beside_documents", "delete_house_rules", "engine_house_rules", "game_variations", "house_rules_row",
           "house_rules_words", "latest_version", "reference", "references", "ruleset_of_version", "save_house_rules", "uses", "version_reference", "version_row", "version_ruleset"]
