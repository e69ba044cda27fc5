"""Every stable code a problem carries: what clients, events and tests may rely on.

A code never changes with the wording of its sentence. Every problem made anywhere in the app takes its code from
`Code` (a member, or `Code(text)` for a code built from a field's name, which fails for one not listed here);
tests/rules/test_codes_and_kinds.py reads the app for codes made otherwise, and checks that every one of the
engine's can be met and reads as a player's sentence.
"""
from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """The registry: every code, grouped below by where it is made."""

    # A hand's entries (validation.py): one team's figures, going out, 3s, and what the pack holds.
    TEAMS_COUNT = "teams.count"
    PROGRESSIVE_NOT_MULTIPLE_OF_5 = "progressive.not_multiple_of_5"
    SETS_UNKNOWN_TYPE = "sets.unknown_type"
    SETS_NOT_A_COUNT = "sets.not_a_count"
    TABLE_POINTS_NOT_A_COUNT = "table_points.not_a_count"
    HAND_POINTS_NOT_A_COUNT = "hand_points.not_a_count"
    RED_THREES_NOT_A_COUNT = "red_threes.not_a_count"
    RED_THREES_IN_HAND_NOT_A_COUNT = "red_threes_in_hand.not_a_count"
    BLACK_THREES_IN_HAND_NOT_A_COUNT = "black_threes_in_hand.not_a_count"
    BLACK_THREES_MELDED_NOT_A_COUNT = "black_threes_melded.not_a_count"
    FAILED_GO_OUTS_NOT_A_COUNT = "failed_go_outs.not_a_count"
    TABLE_POINTS_NOT_MULTIPLE_OF_5 = "table_points.not_multiple_of_5"
    HAND_POINTS_NOT_MULTIPLE_OF_5 = "hand_points.not_multiple_of_5"
    WENT_OUT_MORE_THAN_ONE = "went_out.more_than_one"
    CONCEALED_WITHOUT_GOING_OUT = "concealed.without_going_out"
    WENT_OUT_MISSING_SETS = "went_out.missing_sets"
    MELDED_HAS_CARDS = "melded.has_cards"
    TABLE_POINTS_BELOW_SETS = "table_points.below_sets"
    BLACK_THREES_MELDED_NEVER = "black_threes_melded.never"
    BLACK_THREES_MELDED_NOT_OUT = "black_threes_melded.not_out"
    BLACK_THREES_MELDED_OUT_OF_RANGE = "black_threes_melded.out_of_range"
    RED_THREES_IN_HAND_NOT_ALLOWED = "red_threes_in_hand.not_allowed"
    FAILED_GO_OUTS_NOT_ALLOWED = "failed_go_outs.not_allowed"
    PACK_RED_THREES = "pack.red_threes"
    PACK_BLACK_THREES = "pack.black_threes"
    PACK_TWOS = "pack.twos"
    PACK_JOKERS = "pack.jokers"
    PACK_WILD_CARDS = "pack.wild_cards"
    PACK_CARD_POINTS = "pack.card_points"
    PACK_WILD_MIX = "pack.wild_mix"
    # A request's figures of the wrong type (parse.py).
    INPUT_TEAM_NOT_OBJECT = "input.team_not_object"
    INPUT_UNKNOWN_FIGURE = "input.unknown_figure"
    INPUT_NAME = "input.name"
    INPUT_NOT_WHOLE = "input.not_whole"
    INPUT_NOT_BOOLEAN = "input.not_boolean"
    INPUT_MELDED = "input.melded"
    INPUT_SETS_NOT_OBJECT = "input.sets_not_object"
    INPUT_SET_NOT_WHOLE = "input.set_not_whole"
    INPUT_PROGRESSIVE = "input.progressive"
    INPUT_TEAMS_NOT_LIST = "input.teams_not_list"
    INPUT_TEAM_COUNT = "input.team_count"
    # Rule sets, variations and who sits at a table (registry.py, game.py).
    RULESET_UNKNOWN = "ruleset.unknown"
    VARIATION_UNKNOWN = "variation.unknown"
    VARIATION_VALUE = "variation.value"
    TEAMS_SIZE = "teams.size"
    VARIATIONS_SOLO_ONLY = "variations.solo_only"
    # What a table may do to a game (operations.py).
    GAME_CLOSED = "game.closed"
    GAME_OVER = "game.over"
    HAND_UNKNOWN = "hand.unknown"
    CORRECTION_ENDS_GAME_EARLY = "correction.ends_game_early"
    HAND_NOT_LAST = "hand.not_last"
    GAME_HAS_HANDS = "game.has_hands"
    TIME_NOT_TIMED = "time.not_timed"
    TIME_ALREADY_CALLED = "time.already_called"
    # The set checker (setcheck.py).
    CARDS_NOT_A_CARD = "cards.not_a_card"
    CARDS_NONE = "cards.none"
    CARDS_TOO_MANY = "cards.too_many"
    CARDS_THREES = "cards.threes"
    CARDS_TOO_FEW = "cards.too_few"
    CARDS_NO_WILD_SET = "cards.no_wild_set"
    CARDS_WILD_SET_SIZE = "cards.wild_set_size"
    CARDS_WILD_MIX = "cards.wild_mix"
    CARDS_MIXED_SHAPE = "cards.mixed_shape"
    CARDS_NO_SEQUENCES = "cards.no_sequences"
    CARDS_NOT_A_SET = "cards.not_a_set"
    # A club afternoon: the players drawn into tables and the format (draw.py, formats.py).
    PLAYERS_REPEATED = "players.repeated"
    PLAYERS_TOO_FEW = "players.too_few"
    PAIRS_UNKNOWN_PLAYER = "pairs.unknown_player"
    PAIRS_NOT_TWO = "pairs.not_two"
    PAIRS_REPEATED = "pairs.repeated"
    FORMAT_KIND = "format.kind"
    FORMAT_HANDS = "format.hands"
    # A request's fields of the wrong shape: a new game's, a session's, a name, an address (app/api, app/club).
    VARIATIONS_NOT_OBJECT = "variations.not_object"
    TARGET_INVALID = "target.invalid"
    FIRST_DEALER_INVALID = "first_dealer.invalid"
    FORMAT_NOT_OBJECT = "format.not_object"
    FORMAT_ENDS_AT = "format.ends_at"
    PLAYERS_NOT_LIST = "players.not_list"
    PAIRS_NOT_LIST = "pairs.not_list"
    PAIRS_MISSING = "pairs.missing"
    PARTNERS_KIND = "partners.kind"
    BALANCE_NOT_BOOLEAN = "balance.not_boolean"
    AGREEMENT_NOT_BOOLEAN = "agreement.not_boolean"
    NAME_EMPTY = "name.empty"
    NAME_TOO_LONG = "name.too_long"
    NAME_CHARACTERS = "name.characters"
    EMAIL_INVALID = "email.invalid"
    # A session's afternoon: who is where, time, latecomers and substitutes (app/club).
    SESSION_UNKNOWN = "session.unknown"
    SESSION_NOT_DRAWN = "session.not_drawn"
    PLAYER_UNKNOWN = "player.unknown"
    LEAVING_NOT_SEATED = "leaving.not_seated"
    SUBSTITUTE_SAME = "substitute.same"
    SUBSTITUTE_PLAYING = "substitute.playing"
    # The store's writes on a game, a hand, an agreement or a call (app/store).
    GAME_STALE = "game.stale"
    GAME_UNKNOWN = "game.unknown"
    HANDS_TOO_MANY = "hands.too_many"
    GAME_CHANGED = "game.changed"
    GAME_ORGANISER_ONLY = "game.organiser_only"
    GAME_FINISHED_TABLE = "game.finished_table"
    HAND_RECORDED = "hand.recorded"
    HAND_TAKEN = "hand.taken"
    TOKEN_REMOVED = "token.removed"
    CLIENT_TOKEN_INVALID = "client_token.invalid"
    CLIENT_TOKEN_REUSED = "client_token.reused"
    CLIENT_TOKEN_SPENT = "client_token.spent"
    AGREEMENT_AGREED = "agreement.agreed"
    AGREEMENT_DONE = "agreement.done"
    AGREEMENT_OFF = "agreement.off"
    AGREEMENT_OTHER_TABLET = "agreement.other_tablet"
    AGREEMENT_PLAYER = "agreement.player"
    CALL_CLEARED = "call.cleared"
    CALL_NO_SESSION = "call.no_session"
    CALL_NONE = "call.none"
    CALL_REASON = "call.reason"
    CALL_UNKNOWN = "call.unknown"
    # A request that cannot be read or must wait: table codes, passwords, queries (app/store, app/api).
    CODE_WRONG = "code.wrong"
    CODE_WAIT = "code.wait"
    PASSWORD_WAIT = "password.wait"
    SERVER_BUSY = "server.busy"
    QUERY_PAGE = "query.page"
    QUERY_LIMIT = "query.limit"
    QUERY_UNKNOWN = "query.unknown"
    QUERY_DATE = "query.date"
    QUERY_DATE_ORDER = "query.date_order"
    QUERY_RULESET = "query.ruleset"
    QUERY_HOUSE_RULES = "query.house_rules"
    QUERY_SORT = "query.sort"
    QUERY_ORDER = "query.order"
    QUERY_AGAINST = "query.against"
    VERSION_IN_QUERY = "version.in_query"
    VERSION_MISSING = "version.missing"
    FIELD_UNKNOWN = "field.unknown"
    TEXT_TOO_LONG = "text.too_long"
    TEXT_EMPTY = "text.empty"
    CARDS_NOT_TEXT = "cards.not_text"
    CARDS_TOO_LONG = "cards.too_long"
    AUTHORIZATION_MISSING = "authorization.missing"
    AUTHORIZATION_WRONG = "authorization.wrong"
    AUTHORIZATION_READ_ONLY = "authorization.read_only"
    GAMES_CLUB_ONLY = "games.club_only"
    GAMES_TOO_MANY = "games.too_many"
    GAME_KEPT = "game.kept"
    RECORD_KEPT = "record.kept"
    # The web's edge: what comes before any route reads the request, and the database's faults (app/web).
    ADDRESS_UNKNOWN = "address.unknown"
    METHOD_NOT_ALLOWED = "method.not_allowed"
    BODY_NOT_OBJECT = "body.not_object"
    BODY_TOO_DEEP = "body.too_deep"
    BODY_TOO_LARGE = "body.too_large"
    TEXT_NUL = "text.nul"
    TEXT_NOT_STORABLE = "text.not_storable"
    REQUEST_BAD = "request.bad"
    REQUEST_REFUSED = "request.refused"
    DATABASE_UNAVAILABLE = "database.unavailable"
    DISK_FULL = "disk.full"
    SERVER_ERROR = "server.error"

    # Seats set by hand after the draw (handseating.py).
    SEATS_NO_PLAYER = "seats.no_player"
    SEATS_NOT_PLAYING = "seats.not_playing"
    SEATS_STARTED = "seats.started"
    SEATS_NO_TABLE = "seats.no_table"
    SEATS_SAME_TABLE = "seats.same_table"
    SEATS_TABLE_SIZE = "seats.table_size"
    SEATS_SAME_PLAYER = "seats.same_player"

    # A club's house rules: its changes to a seed rule set (house.py, house_checks.py) and their store.
    HOUSE_NAME = "house.name"
    HOUSE_NOT_OBJECT = "house.not_object"
    HOUSE_UNKNOWN_CHANGE = "house.unknown_change"
    HOUSE_NOT_WHOLE = "house.not_whole"
    HOUSE_NOT_MULTIPLE_OF_5 = "house.not_multiple_of_5"
    HOUSE_OUT_OF_BOUNDS = "house.out_of_bounds"
    HOUSE_BONUS_NEGATIVE = "house.bonus_negative"
    HOUSE_PENALTY_POSITIVE = "house.penalty_positive"
    HOUSE_UNKNOWN_SET = "house.unknown_set"
    HOUSE_NOT_IN_BASE = "house.not_in_base"
    HOUSE_UNMELDED_VALUE = "house.unmelded_value"
    HOUSE_MELD_NOT_LIST = "house.meld_not_list"
    HOUSE_MELD_STEP = "house.meld_step"
    HOUSE_MELD_FIRST = "house.meld_first"
    HOUSE_MELD_ZERO = "house.meld_zero"
    HOUSE_MELD_NOT_RISING = "house.meld_not_rising"
    HOUSE_MELD_FALLS = "house.meld_falls"
    HOUSE_RED_THREES_NOT_LIST = "house.red_threes_not_list"
    HOUSE_RED_THREES_LENGTH = "house.red_threes_length"
    HOUSE_RED_THREES_FALL = "house.red_threes_fall"
    HOUSE_UNKNOWN = "house.unknown"
    HOUSE_IN_USE = "house.in_use"
    HOUSE_BOTH = "house.both"

    # A club's competitions: one read from its data (competition_data.py) and their store.
    COMPETITION_NOT_OBJECT = "competition.not_object"
    COMPETITION_NAME = "competition.name"
    COMPETITION_CHOICE = "competition.choice"
    COMPETITION_NOT_WHOLE = "competition.not_whole"
    COMPETITION_DATE = "competition.date"
    COMPETITION_DATES_ORDER = "competition.dates_order"
    COMPETITION_NEEDS = "competition.needs"
    COMPETITION_PLAYER = "competition.player"
    COMPETITION_UNKNOWN = "competition.unknown"
    COMPETITION_NAME_TAKEN = "competition.name_taken"
    COMPETITION_SEASON_UNKNOWN = "competition.season_unknown"
    COMPETITION_AFTERNOON_UNKNOWN = "competition.afternoon_unknown"


#: A hand's entries (validation.py): one team's figures, going out, 3s, and what the pack holds.
HAND_CODES = frozenset({
    Code.TEAMS_COUNT, Code.PROGRESSIVE_NOT_MULTIPLE_OF_5, Code.SETS_UNKNOWN_TYPE, Code.SETS_NOT_A_COUNT,
    Code.TABLE_POINTS_NOT_A_COUNT, Code.HAND_POINTS_NOT_A_COUNT, Code.RED_THREES_NOT_A_COUNT,
    Code.RED_THREES_IN_HAND_NOT_A_COUNT, Code.BLACK_THREES_IN_HAND_NOT_A_COUNT, Code.BLACK_THREES_MELDED_NOT_A_COUNT,
    Code.FAILED_GO_OUTS_NOT_A_COUNT, Code.TABLE_POINTS_NOT_MULTIPLE_OF_5, Code.HAND_POINTS_NOT_MULTIPLE_OF_5,
    Code.WENT_OUT_MORE_THAN_ONE, Code.CONCEALED_WITHOUT_GOING_OUT, Code.WENT_OUT_MISSING_SETS, Code.MELDED_HAS_CARDS,
    Code.TABLE_POINTS_BELOW_SETS, Code.BLACK_THREES_MELDED_NEVER, Code.BLACK_THREES_MELDED_NOT_OUT,
    Code.BLACK_THREES_MELDED_OUT_OF_RANGE, Code.RED_THREES_IN_HAND_NOT_ALLOWED, Code.FAILED_GO_OUTS_NOT_ALLOWED,
    Code.PACK_RED_THREES, Code.PACK_BLACK_THREES, Code.PACK_TWOS, Code.PACK_JOKERS, Code.PACK_WILD_CARDS,
    Code.PACK_CARD_POINTS, Code.PACK_WILD_MIX
})

#: A request's figures of the wrong type (parse.py).
INPUT_CODES = frozenset({
    Code.INPUT_TEAM_NOT_OBJECT, Code.INPUT_UNKNOWN_FIGURE, Code.INPUT_NAME, Code.INPUT_NOT_WHOLE,
    Code.INPUT_NOT_BOOLEAN, Code.INPUT_MELDED, Code.INPUT_SETS_NOT_OBJECT, Code.INPUT_SET_NOT_WHOLE,
    Code.INPUT_PROGRESSIVE, Code.INPUT_TEAMS_NOT_LIST, Code.INPUT_TEAM_COUNT
})

#: Rule sets, variations and who sits at a table (registry.py, game.py).
TABLE_CODES = frozenset({
    Code.RULESET_UNKNOWN, Code.VARIATION_UNKNOWN, Code.VARIATION_VALUE, Code.TEAMS_SIZE, Code.VARIATIONS_SOLO_ONLY
})

#: What a table may do to a game (operations.py).
GAME_CODES = frozenset({
    Code.GAME_CLOSED, Code.GAME_OVER, Code.HAND_UNKNOWN, Code.CORRECTION_ENDS_GAME_EARLY, Code.HAND_NOT_LAST,
    Code.GAME_HAS_HANDS, Code.TIME_NOT_TIMED, Code.TIME_ALREADY_CALLED
})

#: The set checker (setcheck.py).
CARD_CODES = frozenset({
    Code.CARDS_NOT_A_CARD, Code.CARDS_NONE, Code.CARDS_TOO_MANY, Code.CARDS_THREES, Code.CARDS_TOO_FEW,
    Code.CARDS_NO_WILD_SET, Code.CARDS_WILD_SET_SIZE, Code.CARDS_WILD_MIX, Code.CARDS_MIXED_SHAPE,
    Code.CARDS_NO_SEQUENCES, Code.CARDS_NOT_A_SET
})

#: A club afternoon: the players drawn into tables and the format (draw.py, formats.py).
CLUB_CODES = frozenset({
    Code.PLAYERS_REPEATED, Code.PLAYERS_TOO_FEW, Code.PAIRS_UNKNOWN_PLAYER, Code.PAIRS_NOT_TWO, Code.PAIRS_REPEATED,
    Code.FORMAT_KIND, Code.FORMAT_HANDS
})

#: A request's fields of the wrong shape: a new game's, a session's, a name, an address (app/api, app/club).
BODY_CODES = frozenset({
    Code.VARIATIONS_NOT_OBJECT, Code.TARGET_INVALID, Code.FIRST_DEALER_INVALID, Code.FORMAT_NOT_OBJECT,
    Code.FORMAT_ENDS_AT, Code.PLAYERS_NOT_LIST, Code.PAIRS_NOT_LIST, Code.PAIRS_MISSING, Code.PARTNERS_KIND,
    Code.BALANCE_NOT_BOOLEAN, Code.AGREEMENT_NOT_BOOLEAN, Code.NAME_EMPTY, Code.NAME_TOO_LONG, Code.NAME_CHARACTERS,
    Code.EMAIL_INVALID
})

#: A session's afternoon: who is where, time, latecomers and substitutes (app/club).
SESSION_CODES = frozenset({
    Code.SESSION_UNKNOWN, Code.SESSION_NOT_DRAWN, Code.PLAYER_UNKNOWN, Code.LEAVING_NOT_SEATED, Code.SUBSTITUTE_SAME,
    Code.SUBSTITUTE_PLAYING
})

#: The store's writes on a game, a hand, an agreement or a call (app/store).
WRITE_CODES = frozenset({
    Code.GAME_STALE, Code.GAME_UNKNOWN, Code.HANDS_TOO_MANY, Code.GAME_CHANGED, Code.GAME_ORGANISER_ONLY, Code.GAME_FINISHED_TABLE,
    Code.HAND_RECORDED, Code.HAND_TAKEN, Code.TOKEN_REMOVED, Code.CLIENT_TOKEN_INVALID, Code.CLIENT_TOKEN_REUSED,
    Code.CLIENT_TOKEN_SPENT, Code.AGREEMENT_AGREED, Code.AGREEMENT_DONE, Code.AGREEMENT_OFF,
    Code.AGREEMENT_OTHER_TABLET, Code.AGREEMENT_PLAYER, Code.CALL_CLEARED, Code.CALL_NO_SESSION, Code.CALL_NONE,
    Code.CALL_REASON, Code.CALL_UNKNOWN
})

#: A request that cannot be read or must wait: table codes, passwords, queries (app/store, app/api).
REQUEST_CODES = frozenset({
    Code.CODE_WRONG, Code.CODE_WAIT, Code.PASSWORD_WAIT, Code.SERVER_BUSY, Code.QUERY_PAGE, Code.QUERY_LIMIT,
    Code.QUERY_UNKNOWN, Code.QUERY_DATE, Code.QUERY_DATE_ORDER, Code.QUERY_RULESET, Code.QUERY_HOUSE_RULES,
    Code.QUERY_SORT, Code.QUERY_ORDER, Code.QUERY_AGAINST, Code.VERSION_IN_QUERY, Code.VERSION_MISSING,
    Code.FIELD_UNKNOWN, Code.TEXT_TOO_LONG, Code.TEXT_EMPTY, Code.CARDS_NOT_TEXT, Code.CARDS_TOO_LONG,
    Code.AUTHORIZATION_MISSING, Code.AUTHORIZATION_WRONG, Code.AUTHORIZATION_READ_ONLY, Code.GAMES_CLUB_ONLY,
    Code.GAMES_TOO_MANY,
    Code.GAME_KEPT, Code.RECORD_KEPT
})

#: The web's edge: what comes before any route reads the request, and the database's faults (app/web).
EDGE_CODES = frozenset({
    Code.ADDRESS_UNKNOWN, Code.METHOD_NOT_ALLOWED, Code.BODY_NOT_OBJECT, Code.BODY_TOO_DEEP, Code.BODY_TOO_LARGE,
    Code.TEXT_NUL, Code.TEXT_NOT_STORABLE, Code.REQUEST_BAD, Code.REQUEST_REFUSED, Code.DATABASE_UNAVAILABLE,
    Code.DISK_FULL, Code.SERVER_ERROR
})

#: Seats set by hand after the draw (handseating.py).
SEAT_CODES = frozenset({
    Code.SEATS_NO_PLAYER, Code.SEATS_NOT_PLAYING, Code.SEATS_STARTED, Code.SEATS_NO_TABLE, Code.SEATS_SAME_TABLE,
    Code.SEATS_TABLE_SIZE, Code.SEATS_SAME_PLAYER
})

#: A club's house rules: its changes to a seed rule set (house.py, house_checks.py).
HOUSE_CODES = frozenset({
    Code.HOUSE_NAME, Code.HOUSE_NOT_OBJECT, Code.HOUSE_UNKNOWN_CHANGE, Code.HOUSE_NOT_WHOLE,
    Code.HOUSE_NOT_MULTIPLE_OF_5, Code.HOUSE_OUT_OF_BOUNDS, Code.HOUSE_BONUS_NEGATIVE, Code.HOUSE_PENALTY_POSITIVE,
    Code.HOUSE_UNKNOWN_SET, Code.HOUSE_NOT_IN_BASE, Code.HOUSE_UNMELDED_VALUE, Code.HOUSE_MELD_NOT_LIST,
    Code.HOUSE_MELD_STEP, Code.HOUSE_MELD_FIRST, Code.HOUSE_MELD_ZERO, Code.HOUSE_MELD_NOT_RISING,
    Code.HOUSE_MELD_FALLS, Code.HOUSE_RED_THREES_NOT_LIST, Code.HOUSE_RED_THREES_LENGTH, Code.HOUSE_RED_THREES_FALL
})

#: The store's refusals of house rules: unknown (or another club's), in use by games, and sent two ways at once.
HOUSE_STORE_CODES = frozenset({Code.HOUSE_UNKNOWN, Code.HOUSE_IN_USE, Code.HOUSE_BOTH})

#: A competition read from its data (competition_data.py).
COMPETITION_CODES = frozenset({
    Code.COMPETITION_NOT_OBJECT, Code.COMPETITION_NAME, Code.COMPETITION_CHOICE, Code.COMPETITION_NOT_WHOLE,
    Code.COMPETITION_DATE, Code.COMPETITION_DATES_ORDER, Code.COMPETITION_NEEDS, Code.COMPETITION_PLAYER
})

#: The store's refusals of competitions: unknown (or another club's), a name taken, a season or afternoon unknown.
COMPETITION_STORE_CODES = frozenset({Code.COMPETITION_UNKNOWN, Code.COMPETITION_NAME_TAKEN,
                                     Code.COMPETITION_SEASON_UNKNOWN, Code.COMPETITION_AFTERNOON_UNKNOWN})

#: Every code the engine gives.
ALL_CODES = (HAND_CODES | INPUT_CODES | TABLE_CODES | GAME_CODES | CARD_CODES | CLUB_CODES | SEAT_CODES
             | HOUSE_CODES | COMPETITION_CODES)
