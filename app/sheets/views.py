"""Routes: a game's score sheet as a PDF and a blank score pad per rule set."""
from __future__ import annotations

from datetime import timezone

from flask import Response, current_app, render_template, request

from app.store.tenancy.scope import name_of_club
from app.rules import describe_ruleset, get_ruleset, ruleset_ids, variation_problems
from app.reading import read_whole_number
from app.store.club.house_rules import chosen_house_rules, reference, version_ruleset
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import abort_as
from app.sheets.blueprint import bp
from app.web.lookup import load_game
from app.web.visibility import club_account, readable_game, records_public
from app.store.stamps import game_stamp
from app.store.game.loading import load_whole_game
from app.render.pdf import pdf_response, printed_now
from app.render.sheet_pdf import cached_sheet, render_pdf, sheet_cache, sheet_etag
from app.render.sheet import blank_sheet


@bp.get("/games/<int:game_id>/sheet.pdf")
def game_sheet_pdf(game_id: int):
    """The game's score sheet on A4, as it stands (marked 'In progress' until won).

    Rendered once per version of the game: a repeat download is served from memory, and a browser that
    sends the ETag back (If-None-Match) gets 304 Not Modified.
    """
    stamp = game_stamp(game_id)
    if stamp is None:
        abort_as(RefusalKind.NOT_FOUND, f"There is no game number {game_id}. It may have been removed, "
                                        "or the link is mistyped.")
    if not (club_account() or records_public()):   # the club keeps its games: a tablet with the code reads
        try:
            readable_game(load_game(game_id, whole=False))
        except Refusal as error:
            abort_as(error.kind, str(error))
    etag = sheet_etag(game_id, stamp.version)
    if etag in request.if_none_match:
        return not_modified(etag, stamp.updated_at)
    item = sheet_cache().get(etag)
    if item is None:
        try:
            item = cached_sheet(load_whole_game(game_id))
        except Refusal as error:       # removed a moment ago
            abort_as(RefusalKind.NOT_FOUND, str(error))
    response = pdf_response(item.data, f"treys-game-{game_id}-sheet.pdf")
    return with_validators(response, item.etag, item.modified)


def with_validators(response, etag: str, modified):
    """Let the browser keep the sheet and ask again cheaply: ETag, Last-Modified, revalidate each time."""
    response.set_etag(etag)
    if modified is not None:
        response.last_modified = modified.replace(tzinfo=timezone.utc)
    response.headers["Cache-Control"] = "no-cache"
    return response


def not_modified(etag: str, modified):
    """304: the browser's copy of the sheet is the current one."""
    return with_validators(Response(status=304), etag, modified)


@bp.get("/rulesets/<ruleset_id>/pad.pdf")
def ruleset_pad_pdf(ruleset_id: str):
    """A blank score pad for a rule set, with its scoring summary, to use with no app.

    `?teams=3` gives three column groups (Sambola, three players each playing alone); any other
    query argument is a variation of the rule set, e.g. `?decks=german` for Bolivia Plus.
    """
    if ruleset_id not in ruleset_ids():
        abort_as(RefusalKind.NOT_FOUND, f"There is no rule set '{ruleset_id}'. "
                                        f"The rule sets are: {', '.join(ruleset_ids())}.")
    teams = request.args.get("teams", default=2, type=int)
    if teams not in (2, 3):
        abort_as(RefusalKind.BAD_REQUEST, "A score pad has columns for 2 teams or 3 players (teams=2 or teams=3).")
    variations = {key: value for key, value in request.args.items() if key not in ("teams", "house_rules")}
    problems = variation_problems(ruleset_id, variations)
    if problems:
        abort_as(RefusalKind.BAD_REQUEST, " ".join(problem.message for problem in problems))
    ruleset, house = get_ruleset(ruleset_id, variations), None
    if "house_rules" in request.args:
        version, found = chosen_house_rules(read_whole_number(request.args["house_rules"]) or 0, ruleset_id)
        if found:
            abort_as(RefusalKind.NOT_FOUND, found[0].message)
        ruleset, house = version_ruleset(version), reference(version.id)
    html = render_template("sheets/pad_pdf.html", sheet=blank_sheet(ruleset, teams, house_rules=house),
                           printed=printed_now(), rules=describe_ruleset(ruleset),
                           club=name_of_club(current_app.config["CLUB_NAME"]))
    suffix = "-3-players" if teams == 3 else ""
    return pdf_response(render_pdf(html), f"treys-{ruleset.id}{suffix}-pad.pdf")
