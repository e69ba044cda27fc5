"""The rules engine: rule sets as data and pure functions to validate and score hands."""
from .describe import (SET_CODES, GoingOut, MeldRow, RulesetDescription, SetLine, describe_ruleset, set_code,
                       trey_table_words)
from .entries import BreakdownLine, HandResult, Problem, TeamEntry, TeamResult
from .game import GameState, HandWarning, dealer_for_hand, is_solo, replay, seat_order, table_problems
from .house import CHANGE_KEYS, Changes, HouseRules, apply_changes
from .house_checks import house_ruleset, read_changes, read_house_rules
from .house_words import ChangedRule, differences, header_words
from .model import (CARD_POINTS, SET_SIZE, BlackThreeMelding, MeldStep, Pack, Requirement, RuleSet, SetType,
                    UnmeldedRedThrees, Variation, Winning)
from .parse import parse_team, parse_teams
from .operations import EventRecord, verb, winner_sentence
from .progress import decide_winner, initial_meld_minimum
from .refusal import Refusal, RefusalKind, refuse
from .registry import RulesetError, all_rulesets, get_ruleset, ruleset_ids, variation_problems
from .requirements import describe_sets, going_out_message, has_going_out_sets, missing_slots
from .scoring import breakdown, score_hand
from .setcheck import SetVerdict, check_set, parse_cards
from .validation import InvalidHand, validate_hand

__all__ = [
    "BlackThreeMelding", "UnmeldedRedThrees", "Winning",
    "BreakdownLine", "CARD_POINTS", "EventRecord", "HandWarning", "Refusal", "RefusalKind", "refuse", "verb", "winner_sentence", "SET_SIZE", "GameState", "GoingOut", "HandResult", "InvalidHand", "MeldRow",
    "MeldStep", "Pack", "Problem", "Requirement", "RuleSet", "RulesetDescription", "RulesetError",
    "SET_CODES", "SetLine", "SetType", "SetVerdict", "TeamEntry", "TeamResult", "Variation",
    "all_rulesets", "breakdown", "check_set", "dealer_for_hand", "decide_winner", "describe_ruleset",
    "describe_sets", "get_ruleset", "going_out_message", "has_going_out_sets",
    "initial_meld_minimum", "is_solo", "table_problems", "missing_slots", "parse_cards", "parse_team", "parse_teams", "replay",
    "ruleset_ids", "score_hand", "set_code", "seat_order", "trey_table_words", "validate_hand",
    "variation_problems", "CHANGE_KEYS", "Changes", "HouseRules", "apply_changes", "house_ruleset", "read_changes",
    "read_house_rules", "ChangedRule", "differences", "header_words",
]
