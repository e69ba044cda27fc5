"""The members' page at the club's own link: the last afternoons with their results and score sheets, the
season's ladder and each player's page; read-only, no account (nothing on it writes, and it names no table code)."""
from __future__ import annotations

from flask import current_app, g, render_template, request
from sqlalchemy import func, select

from app.rules.competition_words import SCORE_HEADINGS, method_words, score_words
from app.store.club.competitions import running_tables

from app.store.club.clock import results
from app.store.club.sessions import games_of
from app.extensions import db
from app.members.blueprint import bp
from app.render.form_chart import form_of
from app.web.competition_names import found_names
from app.web.own_record import own_record
from app.store.club.standings import all_seasons, current_season, season_method, standings
from app.rules.ranking import METHOD
from app.render.sheet import game_sheet
from app.store.club.models import ClubSession, Member, Season
from app.store.club.reads import member_ids_by_name
from app.store.people.members import club_of_link
from app.store.game.states import state_of
from app.store.tenancy.scope import current_club_id, name_of_club, use_club
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as

#: Afternoons the members' page lists, newest first.
AFTERNOONS = 12
#: The members' pages (each takes the club's link in its address).
LINK_PAGES = {"members.home", "members.afternoon", "members.ladder", "members.player"}


@bp.before_app_request
def club_of_members_link():
    """A members' page works for the club whose link it is; a link replaced, or of a club that keeps its records
    to its accounts, opens nothing (404, as if it never was)."""
    if request.endpoint not in LINK_PAGES:
        return
    club_id = club_of_link((request.view_args or {}).get("link", ""))
    if club_id is None:
        abort_as(RefusalKind.NOT_FOUND,
                 "This members' link opens nothing: the club has made a new one, or keeps its results to its "
                 "accounts. Ask the club for its link.")
    if club_id != current_club_id():        # a signed-in account of another club opened this club's link
        use_club(club_id)
        g.pop("club_name", None)
        g.pop("club_settings", None)


def page(template: str, **context):
    """A members' page with the club's name and link."""
    return render_template(template, link=request.view_args["link"],
                           club=name_of_club(current_app.config["CLUB_NAME"]), **context)


@bp.get("/members/<link>")
def home(link: str):
    """The club's last afternoons, newest first, the ladder and the players."""
    sessions = list(db.session.scalars(select(ClubSession).order_by(ClubSession.played_on.desc(),
                                                                    ClubSession.created_at.desc()).limit(AFTERNOONS)))
    players = list(db.session.scalars(select(Member).where(Member.active.is_(True))
                                      .order_by(func.lower(Member.name))))
    return page("members/home.html", sessions=sessions, players=players, season=current_season())


@bp.get("/members/<link>/afternoons/<int:session_id>")
def afternoon(link: str, session_id: int):
    """One afternoon: its results and the score sheet of each game."""
    session = db.session.get(ClubSession, session_id) or abort_as(RefusalKind.NOT_FOUND)
    games = [game for game in games_of(session) if state_of(game).outcome.listed]     # a deleted game: nobody's
    return page("members/afternoon.html", session=session, standings=results(session, games), method=METHOD,
                sheets=[(game, game_sheet(game)) for game in games])


@bp.get("/members/<link>/ladder")
def ladder(link: str):
    """The season's ladder (the current one, or the one chosen)."""
    chosen = request.args.get("season", "")
    season = (db.session.get(Season, int(chosen)) if chosen.isascii() and chosen.isdigit() and len(chosen) < 10
              else current_season())
    rows = standings(season) if season is not None else []
    members = member_ids_by_name()
    return page("members/ladder.html", season=season, rows=rows, seasons=all_seasons(), members=members,
                method=season_method(season, rows) if season is not None else "", competitions=running_tables(),
                score_words=score_words, headings=SCORE_HEADINGS, method_words=method_words,
                found_names=found_names)


@bp.get("/members/<link>/players/<int(max=2147483647):member_id>")
def player(link: str, member_id: int):
    """A player's page: figures, form and its chart, partners and opponents, a head to head, every game."""
    member = db.session.get(Member, member_id) or abort_as(RefusalKind.NOT_FOUND)
    context, status = own_record(member)
    return page("members/player.html", member=member, **context, **form_of(member)), status
