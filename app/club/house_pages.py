"""The organiser's pages for house rules: the club's list, start from a seed rule set or copy existing house rules,
set each rule from values clubs play with a typical hand scored both ways, save (an edit is a new version), delete
those no game used. A viewer reads them and changes nothing (app/club/staff.py)."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from app.club.blueprint import bp
from app.club.house_form import (FAMILY_STEPS, STEP_ROWS, each_and_all, figure_rules, initial_values, preview,
                                 read_changes_form, set_rules)
from app.rules import RuleSet, all_rulesets, apply_changes, differences, get_ruleset, read_changes, trey_table_words
from app.rules.house_words import meld_words
from app.rules.refusal import Refusal, RefusalKind
from app.store.club.house_models import HouseRulesVersion
from app.store.club.house_rules import (club_house_rules_beside_documents, delete_house_rules, house_rules_row, save_house_rules, uses,
                                   version_ruleset)
from app.store.base.transaction import nothing_saved
from app.web.errors import abort_as, status_for, status_of


@bp.get("/club/house-rules")
@login_required
def house_rules_list():
    """The club's house rules, each beside its document, and where to start new ones."""
    listed = [(row, ruleset, uses(row), diffs) for row, ruleset, diffs in club_house_rules_beside_documents()]
    return render_template("club/house_rules.html", listed=listed, rulesets=all_rulesets())


def found_row(house_rules_id: int):
    """The club's house rules, or the friendly 404 page (another club's too)."""
    try:
        return house_rules_row(house_rules_id)
    except Refusal as refused:
        abort_as(RefusalKind.NOT_FOUND, refused.problems[0].message)


def start_from() -> tuple[str, dict, str, RuleSet | None]:
    """What a new form starts from: (base, variations, name, the rule set now) from ?base= or ?copy=."""
    if request.args.get("copy", "").isdigit():
        row = found_row(int(request.args["copy"]))
        return row.latest.base, dict(row.latest.variations), f"{row.name} (copy)", version_ruleset(row.latest)
    base = request.args.get("base") or request.form.get("base") or "bolivia"
    if base not in {r.id for r in all_rulesets()}:
        abort_as(RefusalKind.NOT_FOUND, f"There is no rule set called '{base[:40]}'.")
    return base, {}, "", None


def chosen_variations(document: RuleSet, form, given: dict) -> dict:
    """The base's variations from the form (not those for players alone), else as given."""
    return {v.id: form.get(f"v_{v.id}") or given.get(v.id, v.default) for v in document.variations
            if not v.solo_only and (form.get(f"v_{v.id}") or given.get(v.id, v.default)) in v.values}


def club_ruleset(document: RuleSet, changes: dict) -> tuple[RuleSet, list[str]]:
    """The rule set the changes give (for the preview), or the document's where they cannot stand yet."""
    read, problems = read_changes(document, changes)
    if problems:
        return document, [p.message for p in problems]
    return apply_changes(document, read, "Your house rules"), []


def form_page(base: str, variations: dict, name: str, now: RuleSet | None, *, row=None, problems=(),
              form=None, status: int = 200):
    """The form: each rule with the document's value, values clubs use and another figure; the preview."""
    document = get_ruleset(base, variations)
    now = now or document
    values = dict(initial_values(document, now), name=name, **{f"v_{k}": v for k, v in document.chosen.items()})
    if form:
        values.update({key: form.get(key, "") for key in form})
    return render_template(
        "club/house_rules_form.html", row=row, base=base, document=document, now=now, values=values,
        figures=figure_rules(document, now), set_figures=set_rules(document, now), problems=list(problems),
        document_each_all=each_and_all(document.red_three_table), family=FAMILY_STEPS, step_rows=STEP_ROWS,
        preview=preview(document, now), differences=differences(document, now), document_meld=meld_words(document),
        document_red=trey_table_words(document.red_three_table)), status


@bp.route("/club/house-rules/new", methods=["GET", "POST"])
@login_required
def new_house_rules():
    """Start from a seed rule set (?base=) or copy the club's house rules (?copy=); preview, then save."""
    base, variations, name, now = start_from()
    if request.method == "GET":
        return form_page(base, variations, name, now)
    return posted(base, variations, None)


@bp.route("/club/house-rules/<int(max=2147483647):house_rules_id>/edit", methods=["GET", "POST"])
@login_required
def edit_house_rules(house_rules_id: int):
    """Edit house rules: saved as a new version, the games opened before keep theirs."""
    row = found_row(house_rules_id)
    version: HouseRulesVersion = row.latest
    if request.method == "GET":
        return form_page(version.base, dict(version.variations), row.name, version_ruleset(version), row=row)
    return posted(version.base, dict(version.variations), row)


def posted(base: str, given: dict, row):
    """Preview the form's rules, or save them; a refusal shows the form again with every problem."""
    form = request.form
    document = get_ruleset(base, chosen_variations(get_ruleset(base), form, given))
    variations = dict(document.chosen)
    changes, problems = read_changes_form(form, document)
    name = (form.get("name") or "").strip()
    now, found = club_ruleset(document, changes)
    if form.get("action") == "preview" or problems:
        return form_page(base, variations, name, now, row=row, problems=problems + found, form=form,
                         status=status_for(RefusalKind.INVALID if problems else None))
    try:
        saved = save_house_rules(name, base, variations, changes, house_rules_id=row.id if row else None,
                                 by=current_user.name)
    except Refusal as refused:
        nothing_saved()
        return form_page(base, variations, name, now, row=row, problems=[p.message for p in refused.problems],
                         form=form, status=status_of(refused))
    flash(f"'{saved.name}' saved (version {saved.latest.version}). Games opened before keep the rules they began "
          "with.", "success")
    return redirect(url_for("rulebook.house_rules_page", house_rules_id=saved.id))


@bp.post("/club/house-rules/<int(max=2147483647):house_rules_id>/delete")
@login_required
def remove_house_rules(house_rules_id: int):
    """Delete house rules no game or afternoon was played by; the reason otherwise."""
    found_row(house_rules_id)
    try:
        delete_house_rules(house_rules_id)
    except Refusal as refused:
        nothing_saved()
        flash(refused.problems[0].message, "error")
        return redirect(url_for("rulebook.house_rules_page", house_rules_id=house_rules_id))
    flash("The house rules were deleted.", "success")
    return redirect(url_for("club.house_rules_list"))
