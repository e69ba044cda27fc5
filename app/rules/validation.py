"""Every reason a hand's entries cannot stand (the rules' "What an entry must never get past")."""
from __future__ import annotations

from typing import Sequence

from .entries import COUNT_FIELDS, Problem, TeamEntry
from .model import BlackThreeMelding, RuleSet
from .refusal import Refusal, RefusalKind
from .registry import set_words
from .requirements import going_out_message, has_going_out_sets
from .wording import (and_list, figure_words, pack_phrase, packs_phrase, plural, set_names, teams_words,
                      threes_word)
from .codes import Code

POINT_FIELDS = ("table_points", "hand_points")


class InvalidHand(Refusal, ValueError):
    """A hand that cannot be scored; carries every problem."""

    def __init__(self, problems: list[Problem]):
        super().__init__(RefusalKind.INVALID, problems)


def is_whole(value) -> bool:
    """A whole number, and not a True/False."""
    return isinstance(value, int) and not isinstance(value, bool)


def name_of(entry: TeamEntry, index: int) -> str:
    """The team's name for a message."""
    return entry.name or f"Team {index + 1}"


def number_problems(ruleset: RuleSet, entry: TeamEntry, at: str, who: str) -> list[Problem]:
    """Counts and points that are not whole, negative, or points not a multiple of 5."""
    problems = []
    for set_id, count in entry.sets.items():
        if set_id not in ruleset.set_ids:
            problems.append(Problem(f"{at}.sets.{set_id}", f"{ruleset.short_name} has no {set_words(set_id)}; "
                                    f"its sets are {set_names(ruleset)}.", Code.SETS_UNKNOWN_TYPE))
        elif not is_whole(count) or count < 0:
            problems.append(Problem(f"{at}.sets.{set_id}", f"{who}: the number of "
                                    f"{ruleset.set_type(set_id).name}s must be a whole number, 0 or more.",
                                    Code.SETS_NOT_A_COUNT))
    for field in COUNT_FIELDS:
        value = getattr(entry, field)
        label = figure_words(ruleset, field)
        if not is_whole(value) or value < 0:
            problems.append(Problem(f"{at}.{field}", f"{who}: {label} must be a whole number, 0 or more.",
                                    Code(f"{field}.not_a_count")))
        elif field in POINT_FIELDS and value % 5:
            problems.append(Problem(f"{at}.{field}", f"{who}: {label} must be a multiple of 5 "
                                    f"(every card counts 5, 10, 20 or 50); {value:,} is not.",
                                    Code(f"{field}.not_multiple_of_5")))
    return problems


def going_out_problems(ruleset: RuleSet, teams: Sequence[TeamEntry], sound: set[int]) -> list[Problem]:
    """One team at most goes out, concealed only with going out, and (sound teams) with the required sets."""
    problems = []
    out = [i for i, entry in enumerate(teams) if entry.went_out]
    if len(out) > 1:
        names = " and ".join(name_of(teams[i], i) for i in out)
        problems.append(Problem(f"teams[{out[1]}].went_out",
                                f"Only one team can go out in a hand: {names} are both marked as going out.",
                                Code.WENT_OUT_MORE_THAN_ONE))
    for i, entry in enumerate(teams):
        if entry.concealed and not entry.went_out:
            problems.append(Problem(f"teams[{i}].concealed", f"{name_of(entry, i)} cannot go out "
                                    "concealed without going out: tick 'went out' too, or untick 'concealed'.",
                                    Code.CONCEALED_WITHOUT_GOING_OUT))
        if i in sound and entry.went_out and not has_going_out_sets(ruleset, entry.sets):
            problems.append(Problem(f"teams[{i}].went_out", going_out_message(ruleset, name_of(entry, i), entry.sets),
                                    Code.WENT_OUT_MISSING_SETS))
    return problems


def team_rule_problems(ruleset: RuleSet, entry: TeamEntry, at: str, who: str) -> list[Problem]:
    """Melded state, table points against the sets, and 3s and penalties the rule set allows."""
    problems = []
    if entry.melded is False and (entry.has_sets or entry.table_points):
        problems.append(Problem(f"{at}.melded", f"{who} is marked as not melded but has "
                                "completed sets or table points: a team with cards on the table has melded.",
                                Code.MELDED_HAS_CARDS))
    least = sum(ruleset.set_type(k).min_points * n for k, n in entry.sets.items())
    if entry.table_points < least:
        problems.append(Problem(f"{at}.table_points", f"{who}: table points {entry.table_points:,} are "
                                f"fewer than the completed sets alone must hold (at least {least:,}).",
                                Code.TABLE_POINTS_BELOW_SETS))
    if entry.black_threes_melded:
        problems += black_three_problems(ruleset, entry, at, who)
    if entry.red_threes_in_hand and not ruleset.red_threes_in_hand_allowed:
        problems.append(Problem(f"{at}.red_threes_in_hand", f"In these rules red {ruleset.threes} are "
                                "always tabled: none can be left in a hand.", Code.RED_THREES_IN_HAND_NOT_ALLOWED))
    if entry.failed_go_outs and ruleset.failed_go_out_points is None:
        problems.append(Problem(f"{at}.failed_go_outs", "These rules have no penalty for a failed go-out.",
                                Code.FAILED_GO_OUTS_NOT_ALLOWED))
    return problems


def black_three_problems(ruleset: RuleSet, entry: TeamEntry, at: str, who: str) -> list[Problem]:
    """Melded black 3s: never in some rule sets, only by the team going out, only in the counts allowed."""
    threes, count = ruleset.threes, entry.black_threes_melded
    if ruleset.black_three_melding == BlackThreeMelding.NEVER:
        return [Problem(f"{at}.black_threes_melded", f"In {ruleset.short_name} black {threes} can never be "
                        "melded.", Code.BLACK_THREES_MELDED_NEVER)]
    if not entry.went_out:
        return [Problem(f"{at}.black_threes_melded", f"{who} did not go out: only the team "
                        f"going out may meld black {threes}.", Code.BLACK_THREES_MELDED_NOT_OUT)]
    if count not in ruleset.black_three_meld_counts:
        return [Problem(f"{at}.black_threes_melded", f"{who} melded {threes_word(ruleset, count)}: black {threes} "
                        f"can be melded only {ruleset.black_three_meld_how}, by the team going out.",
                        Code.BLACK_THREES_MELDED_OUT_OF_RANGE)]
    return []


def biggest_share(teams: Sequence[TeamEntry], shares) -> str | None:
    """The field holding the largest share of a pack total ('teams[1].red_threes'): where to look first."""
    found = [(count, -i, f"teams[{i}].{name}") for i, entry in enumerate(teams) for name, count in shares(entry)]
    count, _, field = max(found, default=(0, 0, None))
    return field if count else None


def pack_problems(ruleset: RuleSet, teams: Sequence[TeamEntry]) -> list[Problem]:
    """More 3s, twos or jokers across all teams than the pack holds, marked where the most were entered."""
    pack = ruleset.pack

    def total(get) -> int:
        return sum(get(entry) for entry in teams)

    def in_sets(attr) -> int:
        return total(lambda e: sum(getattr(ruleset.set_type(k), attr) * n for k, n in e.sets.items()))

    def set_shares(attr):
        return lambda e: [(f"sets.{k}", getattr(ruleset.set_type(k), attr) * n) for k, n in e.sets.items()]

    whose = teams_words(len(teams))
    checks = [
        (total(lambda e: e.red_threes + e.red_threes_in_hand), pack.red_threes,
         "{teams} have {count} red {threes} between them, but {packs} only {limit} red {threes} (2 in each pack).",
         Code.PACK_RED_THREES, lambda e: [("red_threes", e.red_threes), ("red_threes_in_hand", e.red_threes_in_hand)]),
        (total(lambda e: e.black_threes_in_hand + e.black_threes_melded), pack.black_threes,
         "{teams} have {count} black {threes} between them, but {packs} "
         "only {limit} black {threes} (2 in each pack).", Code.PACK_BLACK_THREES,
         lambda e: [("black_threes_in_hand", e.black_threes_in_hand), ("black_threes_melded", e.black_threes_melded)]),
        (in_sets("min_twos"), pack.twos,
         "{teams}' completed sets need {count} 2s, but {packs} only {limit} (4 in each pack).",
         Code.PACK_TWOS, set_shares("min_twos")),
        (in_sets("min_jokers"), pack.jokers,
         "{teams}' completed sets need {count} jokers, but {pack} holds only {limit}.",
         Code.PACK_JOKERS, set_shares("min_jokers")),
        (in_sets("min_wild"), pack.wild_cards, "{teams}' completed sets need {count} wild cards (2s and jokers), "
         "but {pack} holds only {limit}.", Code.PACK_WILD_CARDS, set_shares("min_wild")),
        (total(lambda e: e.table_points + e.hand_points), pack.card_points,
         "{teams}' card points add up to {count}, but {pack} holds only {limit}.", Code.PACK_CARD_POINTS,
         lambda e: [("table_points", e.table_points), ("hand_points", e.hand_points)]),
    ]
    problems = [Problem(biggest_share(teams, shares),
                        sentence.format(teams=whose, count=f"{count:,}", limit=f"{limit:,}", threes=ruleset.threes,
                                        pack=pack_phrase(ruleset), packs=packs_phrase(ruleset)), code)
                for count, limit, sentence, code, shares in checks if count > limit]
    return problems or mix_problems(ruleset, teams)


def mix_problems(ruleset: RuleSet, teams: Sequence[TeamEntry]) -> list[Problem]:
    """Wild sets made one way or another (seven 2s or seven jokers) must fit the pack together."""
    pack = ruleset.pack
    flexible, twos, jokers = [], 0, 0
    for entry in teams:
        for set_id, count in entry.sets.items():
            set_type = ruleset.set_type(set_id)
            if set_type.wild_mixes and len(set_type.wild_mixes) > 1:
                flexible += [set_type] * count
            else:
                twos += set_type.min_twos * count
                jokers += set_type.min_jokers * count
    ways = {(twos, jokers)}
    for set_type in flexible:
        ways = {(t + a, j + b) for t, j in ways for a, b in set_type.wild_mixes
                if t + a <= pack.twos and j + b <= pack.jokers}
    if ways:
        return []
    names = and_list(sorted({plural(flexible.count(s), s.name) for s in flexible}))
    flexible_ids = {s.id for s in flexible}
    field = biggest_share(teams, lambda e: [(f"sets.{k}", n) for k, n in e.sets.items() if k in flexible_ids])
    return [Problem(field, f"{teams_words(len(teams))}' {names} need seven 2s or seven jokers each, but "
                    f"{pack_phrase(ruleset)} holds only {pack.twos} 2s and {pack.jokers} jokers.", Code.PACK_WILD_MIX)]


def team_count_problems(ruleset: RuleSet, teams: Sequence[TeamEntry]) -> list[Problem]:
    """Two teams, or two or three single players where the rule set allows it."""
    allowed = {2} | set(ruleset.solo_players)
    if len(teams) not in allowed:
        counts = " or ".join(str(n) for n in sorted(allowed))
        return [Problem("teams", f"{ruleset.short_name} is scored for {counts} teams, not {len(teams)}.",
                        Code.TEAMS_COUNT)]
    return []


def progressive_problems(progressives: Sequence[int]) -> list[Problem]:
    """Totals before the hand must be whole multiples of 5."""
    return [Problem(f"teams[{i}].progressive", f"A total of {total!r} is impossible: "
                    "every total is a whole multiple of 5.", Code.PROGRESSIVE_NOT_MULTIPLE_OF_5)
            for i, total in enumerate(progressives) if not is_whole(total) or total % 5]


def validate_hand(ruleset: RuleSet, teams: Sequence[TeamEntry],
                  progressives: Sequence[int] | None = None) -> list[Problem]:
    """Every problem with a hand's entries, each naming its field; empty when it can be scored."""
    problems = team_count_problems(ruleset, teams)
    problems += progressive_problems(progressives or [])
    sound = set()          # teams whose figures can be checked against the rules (every problem at once)
    for i, entry in enumerate(teams):
        numbers = number_problems(ruleset, entry, f"teams[{i}]", name_of(entry, i))
        problems += numbers
        if all(problem.code.endswith(".not_multiple_of_5") for problem in numbers):
            sound.add(i)
    problems += going_out_problems(ruleset, teams, sound)
    for i in sorted(sound):
        problems += team_rule_problems(ruleset, teams[i], f"teams[{i}]", name_of(teams[i], i))
    if len(sound) == len(teams):
        problems += pack_problems(ruleset, teams)
    return problems
