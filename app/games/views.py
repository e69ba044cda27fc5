"""Home, new game and the game page (score sheet, totals, who deals next)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial

from flask import flash, redirect, render_template, request, url_for
from sqlalchemy import or_, select
from sqlalchemy.orm import selectinload

from app.store.club.house_rules import club_house_rules_beside_documents, latest_version
from app.store.base.clubtime import club_now, in_club_zone
from app.extensions import db
from app.store.base.transaction import nothing_saved
from app.games.blueprint import bp
from app.games.table_code import code_page, known_code, organiser_here
from app.store.club.agreement import awaiting_agreement
from app.store.club.calls import call_document, open_call
from app.store.game.ending import game_clock
from app.store.game.gamelog import record_lines_of, unnamed_label
from app.games.gamelog_words import event_sentence
from app.web.lookup import load_game
from app.games.news import last_hand_notice, news_words
from app.web.tablet import remember_code, tablet
from app.games.forms import (ALL_SEATS, PLAYER_COUNTS, SEAT_COUNTS, SOLO_COUNTS, TEAM_DEFAULTS, NewGameForm,
                             seat_value, variation_field)
from app.rules.seat_names import COMPASS_SEATS, default_player_name
from app.store.game.models import Game
from app.rules import InvalidHand, RulesetError, all_rulesets
from app.render.chart import totals_chart
from app.rules.operations import EventKind
from app.rules.outcome import Closing, play_words
from app.store.game.ending import shown_version
from app.store.game.games import create_game
from app.store.game.states import kept_state, ruleset_of, state_of
from app.store.stamps import board_stamp
from app.web.validators import page_tag, validated
from app.store.game.loading import checked_state, whole_games
from app.render.sheet import game_sheet
from app.store.base.brakes import check_code_from
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import status_for, status_of
from app.web.visibility import Reader, club_account, game_kept, held_code, reader_of, records_public

#: The home page lists at most this many games in each section.
LISTED_GAMES = 30
#: The game page shows the score sheet's newest hands and the record's newest lines; `?sheet=whole` every one.
LATEST_HANDS = 5
LATEST_LINES = 5


def game_page(game: Game, reader: Reader | None = None, *, notice: str | None = None, status: int = 200,
              whole: bool = False):
    """The game page (totals, next dealer, the newest hands of the score sheet, actions), with an optional notice;
    the newest lines of its record of changes for the club's accounts, and for a tablet holding its code without
    the accounts' names. `whole`: every hand of the sheet and every line of the record (`?sheet=whole`)."""
    reader = reader or reader_of(game)
    state = checked_state(game)
    hands, newest = (None, None) if whole else (LATEST_HANDS, LATEST_LINES)
    record = record_lines_of(game, newest)
    clock = None if state.outcome.over else game_clock(game)
    if notice is None:
        notice = last_hand_notice(game, state.outcome, clock)
    sheet = game_sheet(game, state, record, hands)
    said = (said_lines(game, state, record, named=reader is Reader.ACCOUNT, newest=newest)
            if reader in (Reader.ACCOUNT, Reader.TABLET) else [])
    lines = sum(1 for event in record if event.kind != EventKind.GAME_OPENED) if said else 0
    return render_template(
        "games/game.html", game=game, sheet=sheet, record=said, notice=notice,
        news=news_words(game, state), code=known_code(game), organiser=organiser_here(game), **table_help(game),
        clock=clock, whole=whole, lines=lines,
        last_hand=len(state.hands), state=state, format_words=play_words(state.format, state.target),
        chart=totals_chart(game.team_names, [[t.progressive for t in hand.teams] for hand in state.hands],
                           state.target),
    ), status


def game_page_tag(game: Game) -> str:
    """The game page's ETag: the game and the version it is shown at (with its last change: a restored game's
    versions are the backup's), its session's stamp (its calls, agreement and clock show on the page), and whether
    this browser holds the table code or an organiser's sign-in."""
    session_stamp = board_stamp(game.session_id, game.club_id) if game.session_id is not None else None
    return page_tag("game", game.id, shown_version(game), game.updated_at, session_stamp,
                    known_code(game) is not None, organiser_here(game))


def table_help(game: Game) -> dict:
    """A session table's call to the organiser still on the board, and the hand waiting for agreement."""
    if game.session_id is None:
        return {"call": None, "awaiting": None}
    waiting = open_call(game)
    return {"call": None if waiting is None else call_document(waiting), "awaiting": awaiting_agreement(game)}


def said_lines(game: Game, state, record, named: bool = True, newest: int | None = None) -> list[str]:
    """The game's record in plain words, newest first (the opening line left out; `named` False: the accounts'
    names left out, for a table's tablet); `newest`: its newest lines alone (read whole by record_lines_of's
    `latest`)."""
    told = record if newest is None else record[-newest:] if newest else ()
    return [event_sentence(game, event if named else event._replace(
                actor_label=unnamed_label(event.actor_kind, event.actor_label)), state.ruleset.threes)
            for event in reversed(told) if event.kind != EventKind.GAME_OPENED][:newest]


@dataclass(frozen=True)
class GameCard:
    """One game as the home page lists it."""

    id: int
    title: str
    ruleset: str
    when: str
    today: bool
    teams: list[tuple[str, int]]
    hands: int
    result: str | None        # "Winner: Jets", "Draw", "No result"; None while in play
    over: bool                # the game's outcome is over (listed with the finished games)
    kept: bool = False        # the club keeps the game from this reader: named by its table alone


def kept_card(game: Game, today) -> GameCard:
    """A game the club keeps from this reader, as the home page lists it: its table and when, nothing more."""
    started = local(game.created_at)
    return GameCard(id=game.id, title=game.table_label or "A game", ruleset="",
                    when=started.strftime("%H:%M") if started.date() == today else started.strftime("%d %b %Y"),
                    today=started.date() == today, teams=[], hands=0, result=None,
                    over=game.finished_at is not None, kept=True)


def card_result(outcome, names) -> str | None:
    """A game's result as its card on the home page says it."""
    if outcome.winner is not None:
        return f"Winner: {names[outcome.winner]}"
    if outcome.draw:
        return "Draw"
    return "No result" if outcome.no_result else None


def local(moment: datetime | None) -> datetime:
    """A stored UTC time on the club's clock (None: now)."""
    return in_club_zone(moment) if moment else club_now()


def card_figures(game: Game) -> tuple[tuple[int, ...], str | None, int, bool]:
    """A game's totals, result, number of hands and whether it is over, from the engine (a game it cannot read:
    over when it was marked so)."""
    try:
        state = state_of(game)
    except (InvalidHand, RulesetError):
        return (0,) * len(game.teams), None, len(game.hands), game.finished_at is not None
    return state.totals, card_result(state.outcome, game.team_names), len(state.hands), state.outcome.over


def game_card(game: Game, today) -> GameCard:
    """A game's line on the home page (its figures kept per version of the game)."""
    started = local(game.created_at)
    totals, result, hands, over = card_figures(game)
    return GameCard(
        id=game.id, title=game.title, ruleset=ruleset_name(game),
        when=started.strftime("%H:%M") if started.date() == today else started.strftime("%d %b %Y"),
        today=started.date() == today, teams=list(zip(game.team_names, totals)), hands=hands,
        result=result, over=over)


def ruleset_name(game: Game) -> str:
    """The rule set's name, or its id when the engine no longer knows it."""
    try:
        return ruleset_of(game).name
    except RulesetError:
        return game.ruleset_id


def listed(finished: bool) -> list[Game]:
    """The newest games marked in progress (or finished), today's first: the home page's candidates, each then
    listed where its outcome says."""
    done = Game.finished_at.is_not(None) if finished else Game.finished_at.is_(None)
    shown = or_(Game.closed.is_(None), Game.closed != Closing.DELETED)
    query = select(Game).where(done, shown).order_by(Game.created_at.desc(), Game.id.desc()).limit(LISTED_GAMES)
    return list(db.session.scalars(query.options(selectinload(Game.teams))))


def load_uncounted(games: list[Game]) -> list[Game]:
    """Load whole, in one batch, the games whose card figures are not kept yet (a fixed number of queries)."""
    missing = [g.id for g in games if kept_state(g) is None]
    return whole_games(select(Game).where(Game.id.in_(missing))) if missing else []


def reader_of_list() -> Reader:
    """Who reads the home page's list: the club's accounts and, at a public club, anyone read every game."""
    return Reader.ACCOUNT if club_account() else Reader.ANYONE if records_public() else Reader.STRANGER


@bp.get("/")
def home():
    """Games in progress and finished, today's first; a big New game button."""
    today = local(None).date()
    games = listed(False) + listed(True)
    if reader_of_list() is Reader.STRANGER:      # the club keeps its games: a tablet sees its own, by its code
        shown = {g.id for g in games if held_code(g) is not None}
    else:
        shown = {g.id for g in games}
    loaded = load_uncounted([g for g in games if g.id in shown])  # noqa: F841  (held: the session keeps them)
    cards = [game_card(g, today) if g.id in shown else kept_card(g, today)
             for g in sorted(games, key=lambda g: (g.created_at, g.id), reverse=True)]
    playing = [card for card in cards if not card.over]
    finished = [card for card in cards if card.over]
    return render_template("home.html", playing=playing, finished=finished)


def new_game_page(form: NewGameForm, errors: dict, general: list[str], status: int = 200):
    """The new-game form."""
    players = form.players.data or "4"
    return render_template(
        "games/new.html", form=form, rulesets=all_rulesets(), house=club_house_rules_beside_documents(),
        errors=errors, general=general,
        player_counts=PLAYER_COUNTS, solo_counts=SOLO_COUNTS, team_defaults=TEAM_DEFAULTS,
        seats=[(seat_value(s), default_player_name(*s, players), SEAT_COUNTS[s]) for s in ALL_SEATS],
        player_default=partial(default_player_name, players=players), compass=COMPASS_SEATS,
        variation_field=variation_field,
    ), status


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    """Choose the rule set, its variations, the players and the first dealer; open the game."""
    form = NewGameForm()
    form.ruleset.options += [(f"house-{row.id}", row.name) for row, _, _ in club_house_rules_beside_documents()]
    if request.method == "GET":
        return new_game_page(form, {}, [])
    errors: dict[str, list[str]] = {}
    general: list[str] = []
    if form.validate():
        house = latest_version(int(form.ruleset.data[6:])) if form.ruleset.data.startswith("house-") else None
        ruleset_id = house.base if house is not None else form.ruleset.data
        ruleset = next(r for r in all_rulesets() if r.id == ruleset_id)
        try:
            game = create_game(ruleset.id, form.variations(ruleset), form.teams(),
                               table_label=(form.table_label.data or "").strip(),
                               first_dealer=form.first_dealer_seat(), actor=tablet(), house_rules=house)
        except Refusal as error:
            nothing_saved()
            for problem in error.problems:
                name = form.problem_field(problem)
                (errors.setdefault(name, []) if name else general).append(problem.message)
        else:
            remember_code(game.id, game.table_code)
            flash(game.table_code, "new_game")
            return redirect(url_for("games.game", game_id=game.id))
    for name, messages in form.errors.items():
        if name == "csrf_token":
            general.append("This form had expired. Check your choices and press the button again.")
        else:
            errors.setdefault(name, []).extend(messages)
    if not general and not errors:
        general.append("The game could not be opened. Check your choices and try again.")
    return new_game_page(form, errors, general, status=status_for(RefusalKind.INVALID))


@bp.get("/games/<int:game_id>")
def game(game_id: int):
    """The score sheet with the totals, next meld minimums, next dealer and the winner.

    `?code=NNNN` (a table card's QR code) is checked once, remembered like a typed code, and dropped from the address.
    """
    game = load_game(game_id, whole=False)      # state and sheet are kept per version of the game
    if "code" in request.args:
        try:
            check_code_from(request.remote_addr, game, request.args["code"].strip())
        except Refusal as error:
            if reader_of(game) is Reader.STRANGER:
                return code_page(game, request.path, error=error.problems[0].message, status=status_of(error),
                                 kept=True)
            return game_page(game, reader_of(game), notice=error.problems[0].message, status=status_of(error))
        remember_code(game.id, game.table_code)
        return redirect(url_for("games.game", game_id=game.id))
    reader = reader_of(game)
    if reader is Reader.STRANGER:       # the club keeps its games: the code (or an account) opens it
        return code_page(game, request.path, error=str(game_kept(game)), status=status_for(RefusalKind.FORBIDDEN),
                         kept=True)
    whole = request.args.get("sheet") == "whole"
    return validated(game_page_tag(game), lambda: game_page(game, reader, whole=whole))
