"""Rules pages (/rules, /rules/<id>) and the set checker (/sets/check), from the engine's data."""
from __future__ import annotations

from flask import jsonify, render_template, request
from flask_login import current_user
from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFError
from wtforms import StringField
from wtforms.validators import Length

from app.rules.numbers import points
from app.web.forms import Choice
from app.rulebook.blueprint import bp
from app.rules import SET_SIZE, RulesetError, all_rulesets, check_set, describe_ruleset, differences, get_ruleset
from app.rules.setcheck import CARD_HELP, RANKS, SUITS
from app.rules.refusal import Refusal, RefusalKind
from app.reading import read_whole_number
from app.store.people.models import Role
from app.store.club.house_rules import club_house_rules_beside_documents, house_rules_row, version_ruleset
from app.web.errors import abort_as, status_for

CARD_LIMIT = 300
NOT_CHECKED = ("For your safety the cards were not checked: this page had been open for a long time, "
               "or it was sent from somewhere else. Press Check again.")


class SetCheckForm(FlaskForm):
    """A rule set and some cards in short notation."""

    ruleset = Choice("Rule set", options=[(r.id, r.name) for r in all_rulesets()], default="bolivia",
                     message="Choose the rule set.")
    cards = StringField("Cards", validators=[Length(max=CARD_LIMIT, message="That is too many cards.")])


@bp.get("/rules")
def rules_index():
    """Every rule set with its one-line summary, and the club's house rules beside their documents."""
    return render_template("rules/index.html", rulesets=all_rulesets(), house=club_house_rules_beside_documents())


@bp.get("/rules/house/<int(max=2147483647):house_rules_id>")
def house_rules_page(house_rules_id: int):
    """The club's house rules (?version=N: the version a game was opened with): each rule that differs from the
    document beside it, then every rule as the club plays them."""
    try:
        row = house_rules_row(house_rules_id)
    except Refusal as refused:
        abort_as(RefusalKind.NOT_FOUND, refused.problems[0].message)
    asked = read_whole_number(request.args.get("version"))
    version = next((v for v in row.versions if v.version == asked), row.latest)
    ruleset = version_ruleset(version)
    house = {"id": row.id, "name": version.name, "version": version.version, "newest": row.latest.version,
             "differences": differences(get_ruleset(version.base, version.variations), ruleset),
             "can_change": current_user.is_authenticated and current_user.role != Role.VIEWER}
    return render_template("rules/ruleset.html", rules=describe_ruleset(ruleset), house=house)


@bp.get("/rules/<ruleset_id>")
def rules_page(ruleset_id: str):
    """One rule set: sets, going out, 3s, initial meld, target, variations and house readings."""
    try:
        ruleset = get_ruleset(ruleset_id)
    except RulesetError:
        abort_as(RefusalKind.NOT_FOUND, f"There is no rule set called '{ruleset_id[:40]}'.")
    return render_template("rules/ruleset.html", rules=describe_ruleset(ruleset))


def verdict_of(form: SetCheckForm) -> dict | None:
    """The engine's verdict on the cards, in words; None before anything was asked."""
    if not form.validate():
        messages = [m for field_errors in form.errors.values() for m in field_errors]
        return {"ok": False, "title": "Please check", "problems": messages}
    ruleset = get_ruleset(form.ruleset.data)
    verdict = check_set(ruleset, form.cards.data or "")
    cards = " ".join(str(card) for card in verdict.cards)
    if verdict.set_type is None:
        return {"ok": False, "title": "Not a completed set", "cards": cards,
                "problems": [p.message for p in verdict.problems]}
    kind = verdict.set_type
    return {"ok": True, "title": f"{kind.name}: bonus {points(kind.bonus)}", "cards": cards,
            "name": kind.name, "bonus": kind.bonus, "description": kind.description,
            "card_points": verdict.points, "ruleset": ruleset.name, "problems": []}


@bp.route("/sets/check", methods=["GET", "POST"])
def set_check():
    """Tap or type cards; see which set they make under the rule set, or why they make none."""
    form = SetCheckForm()
    verdict = verdict_of(form) if request.method == "POST" else None
    if request.method == "GET" and request.args.get("ruleset") in {r.id for r in all_rulesets()}:
        form.ruleset.data = request.args["ruleset"]
    refused = verdict and not verdict["ok"] and "cards" not in verdict
    status = status_for(RefusalKind.INVALID if refused else None)
    return render_template("rules/set_check.html", form=form, verdict=verdict, ranks=RANKS,
                           suits=SUITS, card_help=CARD_HELP, rulesets=all_rulesets(),
                           set_size=SET_SIZE), status


@bp.post("/sets/check/verdict")
def set_verdict():
    """The same verdict as JSON for the card buttons (CSRF token in the X-CSRFToken header)."""
    return jsonify(verdict_of(SetCheckForm(meta={"csrf": False})))


@bp.errorhandler(CSRFError)
def csrf_refused(error: CSRFError):
    """A missing or wrong CSRF token: a friendly answer, nothing done."""
    if request.path.endswith("/verdict"):
        return jsonify({"ok": False, "title": "Please reload the page", "problems": [NOT_CHECKED]}), \
            status_for(RefusalKind.BAD_REQUEST)
    return (render_template("games/refused.html", message=NOT_CHECKED, back=request.path),
            status_for(RefusalKind.BAD_REQUEST))
