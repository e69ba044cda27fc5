"""What a player's page shows of the player's own record, from the request's query: the games chosen, a page of
them, partners and opponents, the head to head with the player chosen, and every problem with the query."""
from __future__ import annotations

from flask import request, url_for
from app.rules import all_rulesets
from app.rules.codes import Code
from app.rules.entries import Problem
from app.rules.own_record import SortBy, chosen, head_to_head, page_of, tallies
from app.store.club.models import Member
from app.store.club.player_record import Seats, club_house_rules, games_played, record_of
from app.web.record_choice import choice_arguments, read_choice, whole_of

#: Games a page lists.
PAGE_SIZE = 50
#: What a sort is called, and which way round its first click lists the games.
SORT_WORDS = {SortBy.DATE: ("Date", "newest first", "oldest first"),
              SortBy.RESULT: ("Result", "wins first", "losses first"),
              SortBy.MARGIN: ("Margin", "largest win first", "largest loss first")}


def own_record(member: Member) -> tuple[dict, int]:
    """The page's figures and the status it answers with (422 when the query has a problem: the games are then
    shown as if the parameter were left out, and the page says what was wrong)."""
    seats = Seats()
    games = games_played(member, seats)
    house = club_house_rules()
    choice, problems = read_choice(request.args, set(house))
    kept = chosen(games, choice)
    pages = max(1, -(-len(kept) // PAGE_SIZE))
    if choice.page > pages:
        problems.append(Problem("page", f"There {'is' if pages == 1 else 'are'} only {pages} "
                                        f"{'page' if pages == 1 else 'pages'} of games.", Code.QUERY_PAGE))
    page = min(choice.page, pages)
    players = sorted(((member_id, name) for member_id, name in seats.names.items() if member_id != member.id),
                     key=lambda pair: pair[1].lower())
    against, other = request.args.get("against", "").strip(), None
    if against:
        other_id = whole_of(against, 2 ** 31 - 1)
        if other_id is None or other_id not in seats.names or other_id == member.id:
            problems.append(Problem("against", "Choose the other player from the list.", Code.QUERY_AGAINST))
        else:
            other = head_to_head(kept, seats.member_seat(other_id))
    view = dict(request.view_args or {}) | ({"against": other.other.member_id} if other else {})

    def address(**changes) -> str:
        """This page with the same choice, some of it changed."""
        return url_for(request.endpoint, **view, **choice_arguments(choice, **changes))
    sorts = [(SORT_WORDS[sort][0], SORT_WORDS[sort][1 if (choice.descending or sort != choice.sort) else 2],
              address(sort=None if sort == SortBy.DATE else sort.value, page=None, order=None), sort == choice.sort)
             for sort in SortBy]
    context = {
        "record": record_of(member, games), "games": page_of(kept, page, PAGE_SIZE), "shown": len(kept),
        "page": page, "pages": pages, "choice": choice, "problems": problems,
        "partners": tallies(kept, "partners"), "opponents": tallies(kept, "opponents"),
        "rulesets": [(r.id, r.short_name) for r in all_rulesets() if any(g.ruleset_id == r.id for g in games)],
        "house_rules": list(house.items()), "players": players, "against": other,
        "sorts": sorts, "reverse": address(order=None if not choice.descending else "asc", page=None),
        "reverse_words": SORT_WORDS[choice.sort][2 if choice.descending else 1],
        "previous": address(page=page - 1 if page > 2 else None) if page > 1 else None,
        "next": address(page=page + 1) if page < pages else None,
    }
    return context, 422 if problems else 200
