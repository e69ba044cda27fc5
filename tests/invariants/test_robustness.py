"""parse_teams and validate_hand never raise, whatever JSON-like data they get: they return problems."""
from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import Problem, parse_team, parse_teams, validate_hand, variation_problems

from .strategies import JSON, JSON_TEAM, JSON_TEAMS, RULESETS, arbitrary_entry

SETTINGS = settings(max_examples=200, deadline=None)


def well_formed(problems) -> bool:
    """Each problem names a field (or None) and carries a non-empty sentence."""
    return all(isinstance(p, Problem) and (p.field is None or isinstance(p.field, str))
               and isinstance(p.message, str) and p.message for p in problems)


@SETTINGS
@given(JSON_TEAMS, st.sampled_from(RULESETS), st.booleans())
def test_parse_then_validate_never_raises(data, ruleset, allow_progressive):
    entries, totals, problems = parse_teams(data, allow_progressive=allow_progressive)
    assert well_formed(problems)
    assert len(entries) == len(totals)
    if not isinstance(data, list) or not data:
        assert problems
    found = validate_hand(ruleset, entries, totals)
    assert well_formed(found)
    for problem in found:
        assert problem.as_dict() == {"field": problem.field, "message": problem.message}


@SETTINGS
@given(JSON)
def test_parse_team_never_raises_on_any_json(data):
    entry, total, problems = parse_team(data, "teams[0]")
    assert well_formed(problems)
    assert (entry is None) == bool(problems)
    if not isinstance(data, dict):
        assert problems


@SETTINGS
@given(JSON_TEAM)
def test_every_parse_problem_points_into_the_team(data):
    _, _, problems = parse_team(data, "teams[1]")
    assert all(p.field == "teams[1]" or p.field.startswith("teams[1].") for p in problems)


@SETTINGS
@given(st.sampled_from(RULESETS), st.lists(arbitrary_entry(), max_size=4),
       st.lists(st.integers(-10**6, 10**6) | st.floats() | st.none(), max_size=4))
def test_validate_hand_never_raises_on_arbitrary_entries(ruleset, entries, progressives):
    assert well_formed(validate_hand(ruleset, entries, progressives))


@SETTINGS
@given(st.text(max_size=12) | st.sampled_from([r.id for r in RULESETS]),
       st.dictionaries(st.text(max_size=12) | st.sampled_from(["jokers", "decks", "samba_bonus", "solo_go_out"]),
                       JSON, max_size=3))
def test_variation_problems_never_raise(ruleset_id, variations):
    assert well_formed(variation_problems(ruleset_id, variations))
