"""A player's own record in the JSON API: every game played, chosen and sorted by query parameters, a page at a
time, with partners and opponents; and the head to head with another player (organisers only)."""
from __future__ import annotations

from flask import request, url_for

from app.api.blueprint import club_bp
from app.api.club import load_member
from app.api.players import PLAYER
from app.rules.own_record import GamePlayed, Seat, Together, chosen, figures_of, head_to_head, page_of, tallies
from app.store.club.player_record import Seats, club_house_rules, games_played
from app.web.api_input import page_arguments, refuse_problems
from app.web.links import game_url
from app.web.record_choice import choice_arguments, read_choice
from app.web.sign_in import api_organiser

OTHER = "<int(max=2147483647):other_id>"


def seat_document(seat: Seat) -> dict:
    """Someone at the table: their name, and their number on the club's list (null: a name typed at the table)."""
    return {"name": seat.name, "player_id": seat.member_id}


def game_document(game: GamePlayed, house: dict[int, str]) -> dict:
    """One game as the player played it."""
    return {"game_id": game.game_id, "url": game_url(game.game_id), "date": game.played_on.isoformat(),
            "opened_at": game.opened_at.isoformat() + "Z", "session_id": game.session_id, "table": game.table,
            "ruleset": game.ruleset_id,
            "house_rules": None if game.house_rules_id is None else {"id": game.house_rules_id,
                                                                     "name": house.get(game.house_rules_id, "")},
            "rules": game.rules, "team": game.team, "score": game.score if game.team else None,
            "others": [{"team": name, "score": score} for name, score in game.others],
            "partners": [seat_document(seat) for seat in game.partners],
            "opponents": [seat_document(seat) for seat in game.opponents],
            "result": game.result.value, "result_words": game.result_words, "margin": game.margin,
            "note": game.note}


def tally_document(row: Together) -> dict:
    """Games with a result beside or against someone, with the player's wins and theirs (draws ½)."""
    return seat_document(row.seat) | {"games": row.games, "won": row.won, "lost": row.lost}


def chosen_games(member, seats: Seats):
    """The player's games the query chooses, in its order, with the club's house rules; 422 for any problem."""
    house = club_house_rules()
    choice, problems = read_choice(request.args, set(house), paged=False)
    refuse_problems(problems)
    page, limit = page_arguments()
    return chosen(games_played(member, seats), choice), choice, house, page, limit


def paging(total: int, page: int, limit: int, choice) -> dict:
    """This page, its size, how many there are and the next page's address with the same choice (None: last)."""
    pages = max(1, -(-total // limit))
    following = (url_for(request.endpoint, **request.view_args, **choice_arguments(choice, page=page + 1),
                         limit=limit) if page < pages else None)
    return {"page": page, "limit": limit, "total": total, "pages": pages, "next": following}


@club_bp.get(f"/players/{PLAYER}/games")
def player_games(player_id: int):
    """Every game the player played (newest first unless sorted), chosen by date, rule set and house rules, a page
    at a time, with the figures, partners and opponents of the games chosen."""
    api_organiser()
    member, seats = load_member(player_id), Seats()
    kept, choice, house, page, limit = chosen_games(member, seats)
    figures = figures_of(kept)
    return {"player": {"id": member.id, "name": member.name},
            "figures": {"games": figures.games, "sessions": figures.sessions, "won": figures.won,
                        "margin": figures.margin, "average_margin": figures.average_margin},
            "games": [game_document(game, house) for game in page_of(kept, page, limit)],
            "partners": [tally_document(row) for row in tallies(kept, "partners")],
            "opponents": [tally_document(row) for row in tallies(kept, "opponents")],
            **paging(len(kept), page, limit, choice)}


@club_bp.get(f"/players/{PLAYER}/head-to-head/{OTHER}")
def player_head_to_head(player_id: int, other_id: int):
    """The player and another: their games against each other (each one's wins) and as partners, with those games
    newest first a page at a time, among the games the query chooses."""
    api_organiser()
    member, other, seats = load_member(player_id), load_member(other_id), Seats()
    kept, choice, house, page, limit = chosen_games(member, seats)
    found = head_to_head(kept, seats.member(other))
    return {"player": {"id": member.id, "name": member.name}, "other": {"id": other.id, "name": other.name},
            "against": {"games": found.against.games, "won": found.against.won, "lost": found.against.lost},
            "together": {"games": found.together.games, "won": found.together.won},
            "games": [game_document(game, house) for game in page_of(list(found.games), page, limit)],
            **paging(len(found.games), page, limit, choice)}
