"""The club's house rules in JSON: listed, one described like a rule set (with its base, changes and version),
made, and edited as a new version; games and afternoons name them by id (`house_rules`)."""
from __future__ import annotations

from flask import url_for

from app.api.blueprint import bp
from app.api.club import no_fields
from app.web.api_input import read_body, refuse_problems, unknown_fields
from app.web.sign_in import api_organiser
from app.rules import describe_ruleset, differences, get_ruleset
from app.store.club.house_models import HouseRulesRow, HouseRulesVersion
from app.store.club.house_rules import (club_house_rules, delete_house_rules, house_rules_row, save_house_rules,
                                   version_ruleset)

HOUSE_RULES = "<int(max=2147483647):house_rules_id>"
#: What a body of POST or PUT /house-rules takes.
FIELDS = ("name", "base", "variations", "changes")


def house_rules_document(row: HouseRulesRow, version: HouseRulesVersion | None = None) -> dict:
    """House rules described exactly as GET /rulesets/<id> describes a rule set, with their own id and name, the
    base, the changes as sent, the version, and each rule that differs from the base's document."""
    version = version or row.latest
    ruleset = version_ruleset(version)
    document = get_ruleset(version.base, version.variations)
    return describe_ruleset(ruleset).as_dict() | {
        "id": row.id, "name": version.name, "base": version.base, "changes": dict(version.changes or {}),
        "version": version.version, "created_at": version.created_at.isoformat(timespec="seconds") + "Z",
        "differences": [d.as_dict() for d in differences(document, ruleset)]}


@bp.get("/house-rules")
def list_house_rules():
    """The club's house rules, each described at its newest version."""
    api_organiser()
    return {"house_rules": [house_rules_document(row) for row in club_house_rules()]}


@bp.get(f"/house-rules/{HOUSE_RULES}")
def get_house_rules(house_rules_id: int):
    """One of the club's house rules at its newest version; another club's are not found."""
    api_organiser()
    return house_rules_document(house_rules_row(house_rules_id, None))


def house_rules_body() -> dict:
    """The body of a POST or PUT, with every field it does not take refused."""
    body = read_body()
    refuse_problems(unknown_fields(body, FIELDS))
    return body


@bp.post("/house-rules")
def create_house_rules():
    """Make house rules: a name, a base rule set with its variations, and the changes; 201 with their description."""
    organiser = api_organiser()
    body = house_rules_body()
    row = save_house_rules(body.get("name"), body.get("base"), body.get("variations"), body.get("changes"),
                           by=organiser.name)
    return house_rules_document(row), 201, {"Location": url_for("api.get_house_rules", house_rules_id=row.id)}


@bp.put(f"/house-rules/{HOUSE_RULES}")
def edit_house_rules(house_rules_id: int):
    """Edit house rules: a new version; the games opened with an older one keep theirs."""
    organiser = api_organiser()
    house_rules_row(house_rules_id, None)           # another club's (or none) is not found, whatever the body
    body = house_rules_body()
    row = save_house_rules(body.get("name"), body.get("base"), body.get("variations"), body.get("changes"),
                           house_rules_id=house_rules_id, by=organiser.name)
    return house_rules_document(row)


@bp.delete(f"/house-rules/{HOUSE_RULES}")
def remove_house_rules(house_rules_id: int):
    """Delete house rules no game or afternoon was played by (409 with the reason otherwise)."""
    api_organiser()
    house_rules_row(house_rules_id, None)           # another club's (or none) is not found, whatever the body
    no_fields()
    delete_house_rules(house_rules_id)
    return {"deleted": house_rules_id}
