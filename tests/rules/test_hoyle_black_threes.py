"""Hoyle's Bolivia: black 3s go down only as three or four of a kind, and only by the team going out.

bolivia-hoyle-summary.txt: "You can't meld 3s unless going out. At that time, meld black 3s only into a
three- or four-of-a-kind." Reading (docs/rules.md, bolivia_hoyle): wild cards do not stand in for them, so the
team going out melds 0, 3 or 4 black 3s, 5 points each; any other count is refused.
"""
import pytest

from .helpers import codes_of, fields_of, is_sentence, only_kind, out_team, problems, score, team

RID = "bolivia_hoyle"
FIELD = "teams[0].black_threes_melded"
KIND_SENTENCE = ("Us melded {count}: black 3s can be melded only as three or four of a kind, "
                 "by the team going out.")


@pytest.mark.parametrize("count", [0, 3, 4])
def test_the_team_going_out_melds_none_three_or_four_black_3s_at_5_each(count):
    entries = [out_team(RID, name="Us", black_threes_melded=count), team(name="Them")]
    assert problems(RID, entries) == []
    plain = score(RID, [out_team(RID, name="Us"), team(name="Them")]).teams[0]
    result = score(RID, entries).teams[0]
    assert result.cards == plain.cards + 5 * count
    if count:
        assert only_kind(result, "black_threes_melded") == 5 * count


@pytest.mark.parametrize("count,words", [(1, "1 black 3"), (2, "2 black 3s")])
def test_the_team_going_out_cannot_meld_one_or_two_black_3s(count, words):
    found = problems(RID, [out_team(RID, name="Us", black_threes_melded=count), team(name="Them")])
    assert codes_of(found) == ["black_threes_melded.out_of_range"]
    assert fields_of(found) == [FIELD]
    assert found[0].message == KIND_SENTENCE.format(count=words)
    assert is_sentence(found[0].message)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("somebody_out", [True, False], ids=["other_team_out", "nobody_out"])
def test_a_team_not_going_out_melds_no_black_3s(count, somebody_out):
    other = out_team(RID, name="Them") if somebody_out else team(name="Them")
    found = problems(RID, [team(name="Us", table_points=50, black_threes_melded=count), other])
    if count == 0:
        assert found == []
        return
    assert codes_of(found) == ["black_threes_melded.not_out"]
    assert fields_of(found) == [FIELD]
    assert found[0].message == "Us did not go out: only the team going out may meld black 3s."


def test_other_rule_sets_keep_their_counts():
    """Bolivia and the classic rules: any count up to the pack's 6; Bolivia Plus: 3 to 8 treys."""
    for rid in ("bolivia", "bolivia_classic"):
        for count in range(1, 7):
            assert problems(rid, [out_team(rid, black_threes_melded=count), team()]) == [], (rid, count)
    found = problems("bolivia_plus", [out_team("bolivia_plus", name="Us", black_threes_melded=2), team()])
    assert found[0].message == ("Us melded 2 black treys: black treys can be melded only 3 to 8 at a time, "
                                "by the team going out.")
