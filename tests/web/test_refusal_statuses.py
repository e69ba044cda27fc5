"""A refusal is a kind: one table in the web layer gives every kind its HTTP status."""
import pytest
from werkzeug.exceptions import HTTPException

from app.store.backup.refusal import BackupRefused
from app.web.errors import REFUSAL_STATUS, abort_as, status_for, status_of
from app.rules.entries import Problem
from app.rules.refusal import Refusal, RefusalKind, refuse


@pytest.mark.parametrize("kind", list(RefusalKind))
def test_every_kind_of_refusal_maps_to_an_error_status(kind):
    assert 400 <= status_of(refuse(kind, "No.")) < 600


def test_the_table_maps_only_kinds_and_no_two_kinds_share_a_status():
    assert set(REFUSAL_STATUS) == set(RefusalKind)
    assert len(set(REFUSAL_STATUS.values())) == len(RefusalKind)


@pytest.mark.parametrize("kind", ["teapot", 409, "", None])
def test_an_unknown_kind_cannot_be_raised(kind):
    with pytest.raises(ValueError):
        Refusal(kind, [Problem(None, "No.")])


def test_a_refusal_keeps_its_kind_every_problem_and_each_field():
    refusal = Refusal(RefusalKind.INVALID, [Problem("teams", "Two teams.", "teams.count"), Problem(None, "And.")])
    assert refusal.kind is RefusalKind.INVALID
    assert [problem.field for problem in refusal.problems] == ["teams", None]
    assert refusal.codes == ["teams.count", ""]
    assert str(refusal) == "Two teams.; And."


@pytest.mark.parametrize("kind", list(RefusalKind))
def test_a_feature_stops_a_request_with_a_kind_and_the_table_gives_the_status(kind):
    with pytest.raises(HTTPException) as stopped:
        abort_as(kind, "Why, in a sentence.")
    assert stopped.value.code == REFUSAL_STATUS[kind] == status_for(kind)
    assert stopped.value.description == "Why, in a sentence."


def test_a_page_not_refused_answers_200_and_a_backup_refused_is_invalid_unless_told():
    assert status_for(None) == 200
    assert BackupRefused(["Not a backup."]).kind is RefusalKind.INVALID
    assert BackupRefused(["Gone."], RefusalKind.CONFLICT).kind is RefusalKind.CONFLICT
