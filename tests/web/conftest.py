"""The web tests' shared hooks: every JSON API answer the API tests receive is held to the served document."""
import re

import pytest
from flask.signals import request_finished

from tests.web.api_answers import AnswerLog, keep

#: The test files that speak the JSON API: each answer they receive must be what the document says.
API_TESTS = re.compile(r"test_(api_\w+|club_api)\.py$")


@pytest.fixture(autouse=True)
def answers_held_to_the_document(request):
    """In an API test file: every /api/v1 answer is checked against the document (no undeclared status, header
    or key); the test fails on any, and the answers join the run's list for the TypeScript types' check."""
    if not API_TESTS.search(request.node.path.name):
        yield None
        return
    log = AnswerLog()
    request_finished.connect(log.hold)
    try:
        yield log
    finally:
        request_finished.disconnect(log.hold)
    keep(log.seen)
    assert not log.problems, "\n".join(dict.fromkeys(log.problems))


def pytest_collection_modifyitems(items):
    """The tests of an xdist group first: a group runs whole on one worker, and one handed out near the end (the
    wheel's, the last file, 20 s) left the other worker idle until it was done. The checks of everything the
    API tests received run after those tests."""
    last = [item for item in items if item.get_closest_marker("after_api_tests")]
    grouped = [item for item in items if item.get_closest_marker("xdist_group") and item not in last]
    rest = [item for item in items if item not in last and item not in grouped]
    items[:] = grouped + rest + last
