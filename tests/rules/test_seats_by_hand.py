"""Seats set by hand after the draw (app/rules/handseating.py): who moves where, the first deal, and what is
refused."""
import pytest

from app.rules import Refusal, RefusalKind, get_ruleset
from app.rules.draw import TableDraw
from app.rules.handseating import Seating, move_players, moved_words, swap_players, swapped_words

BOLIVIA = get_ruleset("bolivia")
SEATING = Seating((TableDraw(1, (("Ann", "Bob"), ("Cy", "Di")), (1, 1)),
                   TableDraw(2, (("Ed", "Flo", "Gus"), ("Hal", "Ida", "Jo")), (1, 2)),
                   TableDraw(3, (("Kit", "Lou"), ("Max", "Ned")), (0, 0))), ("Ola",), frozenset({3}))


def refusal(ask) -> tuple[RefusalKind, str, str]:
    with pytest.raises(Refusal) as refused:
        ask()
    problem = refused.value.problems[0]
    return refused.value.kind, problem.code, problem.message


def test_two_players_from_a_table_of_six_join_a_table_of_four_one_to_each_team():
    after = move_players(BOLIVIA, SEATING, ["Gus", "Jo"], 1)
    assert after.numbered(1).teams == (("Ann", "Bob", "Gus"), ("Cy", "Di", "Jo"))
    assert after.numbered(2).teams == (("Ed", "Flo"), ("Hal", "Ida"))
    assert after.numbered(2).first_dealer == (0, 0)         # the seat that dealt first is gone
    assert after.numbered(1).first_dealer == (1, 1) and after.sitting_out == ("Ola",)
    assert moved_words(SEATING, ["Gus", "Jo"], 1) == "Seats set by hand: Gus and Jo move from Table 2 to Table 1."


def test_two_players_sit_out_and_the_one_sitting_out_is_kept():
    after = move_players(BOLIVIA, SEATING, ["Ed", "Hal"], None)
    assert after.sitting_out == ("Ola", "Ed", "Hal") and after.numbered(2).size == 4
    assert moved_words(SEATING, ["Ed", "Hal"], None) == \
        "Seats set by hand: Ed and Hal leave Table 2 and sit out this round."


def test_a_player_alone_moves_between_tables_of_players_alone():
    sambola = get_ruleset("sambola")
    alone = Seating((TableDraw(1, (("Ann",), ("Bob",), ("Cy",)), (0, 2)), TableDraw(2, (("Di",), ("Ed",)), (0, 0))))
    after = move_players(sambola, alone, ["Cy"], 2)
    assert after.numbered(1).teams == (("Ann",), ("Bob",)) and after.numbered(2).teams == (("Di",), ("Ed",), ("Cy",))
    _, code, words = refusal(lambda: move_players(sambola, alone, ["Di"], 1))
    assert code == "seats.table_size" and words.startswith("Table 1 would have 4 players.")


def test_a_swap_changes_two_places_and_keeps_the_rest():
    after = swap_players(SEATING, "Ann", "Ola")
    assert after.numbered(1).teams == (("Ola", "Bob"), ("Cy", "Di")) and after.sitting_out == ("Ann",)
    assert after.numbered(2) == SEATING.numbered(2)
    assert swapped_words(SEATING, "Ann", "Ola") == "Seats set by hand: Ann and Ola swap places (Table 1 and sitting out)."
    assert swapped_words(SEATING, "Ann", "Bob") == "Seats set by hand: Ann and Bob swap places (Table 1)."


@pytest.mark.parametrize("ask, kind, code, words", [
    (lambda: move_players(BOLIVIA, SEATING, ["Ann"], 2), RefusalKind.INVALID, "seats.table_size",
     ("Table 1 would have 3 players. Bolivia tables seat 4 or 6 players in two teams. To change places with "
      "players at another table, swap them instead.")),
    (lambda: move_players(BOLIVIA, SEATING, ["Ed", "Flo"], 1), RefusalKind.INVALID, "seats.table_size",
     "Table 2 would have teams of 1 and 3: both teams need the same number of players."),
    (lambda: move_players(BOLIVIA, SEATING, ["Ann", "Bob"], None), RefusalKind.INVALID, "seats.table_size",
     "Table 1 would have only one team (Cy and Di)."),
    (lambda: move_players(BOLIVIA, SEATING, ["Gus", "Jo"], 3), RefusalKind.CONFLICT, "seats.started",
     "Table 3 has started: move players only before the first hand."),
    (lambda: move_players(BOLIVIA, SEATING, ["Kit", "Max"], 2), RefusalKind.CONFLICT, "seats.started",
     "Table 3 has started: move players only before the first hand."),
    (lambda: move_players(BOLIVIA, SEATING, ["Zed"], 1), RefusalKind.INVALID, "seats.not_playing",
     "Zed is not at a table or sitting out this round."),
    (lambda: move_players(BOLIVIA, SEATING, ["Ola"], None), RefusalKind.INVALID, "seats.same_table",
     "Ola is already sitting out."),
    (lambda: swap_players(SEATING, "Kit", "Ann"), RefusalKind.CONFLICT, "seats.started",
     "Table 3 has started: swap only before the first hand."),
    (lambda: swap_players(SEATING, "Ann", "Ann"), RefusalKind.INVALID, "seats.same_player",
     "Choose two different players to swap."),
    (lambda: swap_players(SEATING, "", ""), RefusalKind.INVALID, "seats.no_player", "Choose the two players to swap."),
    (lambda: swap_players(SEATING, "Ann", ""), RefusalKind.INVALID, "seats.no_player",
     "Choose the two players to swap."),
    (lambda: swap_players(SEATING, "Ann", "Bob"), RefusalKind.INVALID, "seats.same_table",
     "Ann and Bob are partners at Table 1: swapping them changes nothing."),
])
def test_what_is_refused_says_why_in_a_sentence(ask, kind, code, words):
    got_kind, got_code, message = refusal(ask)
    assert (got_kind, got_code) == (kind, code) and message.startswith(words)
