"""Which set types a rule set marks rare (the hand form keeps them behind "more sets")."""
from app.rules.registry import all_rulesets


def test_rare_sets_are_marked_in_the_rule_set_data():
    rare = {(r.id, s.id) for r in all_rulesets() for s in r.set_types if s.rare}
    assert rare == {("bolivia", "red_bolivia"), ("bolivia", "black_bolivia"),
                    ("bolivia_plus", "pure_wild_canasta")}
