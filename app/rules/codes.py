"""Every stable code the engine's problems carry: what clients, events and tests may rely on.

A code never changes with the wording of its sentence. Each module of the engine that finds a
problem gives it one of these codes; tests/rules checks that every one can be met and reads as
a player's sentence.
"""
from __future__ import annotations

from .entries import COUNT_FIELDS

#: A hand's entries (validation.py): one team's figures, going out, 3s, and what the pack holds.
HAND_CODES = frozenset({
    "teams.count", "progressive.not_multiple_of_5",
    "sets.unknown_type", "sets.not_a_count",
    *(f"{name}.not_a_count" for name in COUNT_FIELDS),
    "table_points.not_multiple_of_5", "hand_points.not_multiple_of_5",
    "went_out.more_than_one", "concealed.without_going_out", "went_out.missing_sets",
    "melded.has_cards", "table_points.below_sets",
    "black_threes_melded.never", "black_threes_melded.not_out", "black_threes_melded.out_of_range",
    "red_threes_in_hand.not_allowed", "failed_go_outs.not_allowed",
    "pack.red_threes", "pack.black_threes", "pack.twos", "pack.jokers", "pack.wild_cards",
    "pack.card_points", "pack.wild_mix",
})

#: A request's figures of the wrong type (parse.py).
INPUT_CODES = frozenset({
    "input.team_not_object", "input.unknown_figure", "input.name", "input.not_whole", "input.not_boolean",
    "input.melded", "input.sets_not_object", "input.set_not_whole", "input.progressive",
    "input.teams_not_list", "input.team_count",
})

#: Rule sets, variations and who sits at a table (registry.py, game.py).
TABLE_CODES = frozenset({
    "ruleset.unknown", "variation.unknown", "variation.value", "teams.size", "variations.solo_only",
})

#: What a table may do to a game (operations.py).
GAME_CODES = frozenset({
    "game.closed", "game.over", "hand.unknown", "correction.ends_game_early", "hand.not_last", "game.has_hands",
    "time.not_timed", "time.already_called",
})

#: The set checker (setcheck.py).
CARD_CODES = frozenset({
    "cards.not_a_card", "cards.none", "cards.too_many", "cards.threes", "cards.too_few", "cards.no_wild_set",
    "cards.wild_set_size", "cards.wild_mix", "cards.mixed_shape", "cards.no_sequences", "cards.not_a_set",
})

#: A club afternoon: the players drawn into tables and the format (draw.py, formats.py).
CLUB_CODES = frozenset({
    "players.repeated", "players.too_few", "pairs.unknown_player", "pairs.not_two", "pairs.repeated",
    "format.kind", "format.hands",
})

#: Seats set by hand after the draw (handseating.py).
SEAT_CODES = frozenset({
    "seats.no_player", "seats.not_playing", "seats.started", "seats.no_table", "seats.same_table",
    "seats.table_size", "seats.same_player",
})

#: Every code the engine gives.
ALL_CODES = HAND_CODES | INPUT_CODES | TABLE_CODES | GAME_CODES | CARD_CODES | CLUB_CODES | SEAT_CODES
