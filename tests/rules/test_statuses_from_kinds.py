"""Statuses come from kinds alone: no feature module writes an HTTP error status (4xx, 5xx) itself.

`app/web/errors.py` holds the one table from a refusal's kind to an HTTP status (REFUSAL_STATUS); a feature
answers with a kind (`raise refuse(kind, ...)`, `abort_as(kind, ...)`, `status_for(kind)`, `status_of(refusal)`)
and the web's edge picks the number. This walks every feature module and fails on any literal HTTP error
status in it (`abort(403)`, `return page, 422`, `status=409`, `response.status_code = 401`, ...). A figure with
a name of its own at the top of a module (`MOST_NAMES = 500`) is no status. The API's description for
integrators (app/openapi/), which lists the statuses the API answers, is no feature and is not walked.
"""
import ast
from pathlib import Path

import pytest
from werkzeug.http import HTTP_STATUS_CODES

APP = Path(__file__).resolve().parents[2] / "app"
FEATURES = ("games", "club", "records", "members", "sheets", "api", "rulebook", "guides", "main", "render")
ERROR_STATUSES = {status for status in HTTP_STATUS_CODES if status >= 400}


def named_figures(tree: ast.Module) -> set[int]:
    """The ids of the values given a name of their own at the top of the module (UPPER_CASE = 500)."""
    figures = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and all(isinstance(target, (ast.Name, ast.Tuple)) for target in node.targets):
            names = [name.id for target in node.targets for name in ast.walk(target) if isinstance(name, ast.Name)]
            if names and all(name.isupper() for name in names):
                figures |= {id(value) for value in ast.walk(node.value)}
    return figures


def written_statuses(source: str) -> list[tuple[int, int]]:
    """(line, status) for each literal HTTP error status a module writes."""
    tree = ast.parse(source)
    figures = named_figures(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and type(node.value) is int and node.value in ERROR_STATUSES
                  and id(node) not in figures)


def feature_modules() -> list[Path]:
    return sorted(path for feature in FEATURES for path in (APP / feature).rglob("*.py"))


def test_every_feature_is_walked():
    assert {path.relative_to(APP).parts[0] for path in feature_modules()} == set(FEATURES)


@pytest.mark.parametrize("path", feature_modules(), ids=lambda path: str(path.relative_to(APP.parent)))
def test_no_feature_module_writes_an_error_status(path):
    assert written_statuses(path.read_text()) == []


@pytest.mark.parametrize("source, expected", [
    ("abort(403)", [(1, 403)]),
    ("flask.abort(404, 'gone')", [(1, 404)]),
    ("def f():\n    return page, 422 if problems else 200", [(2, 422)]),
    ("def f():\n    return body, 409, {'Retry-After': '5'}", [(2, 409)]),
    ("code_page(game, status=429)", [(1, 429)]),
    ("response.status_code = 401", [(1, 401)]),
    ("error, status = None, 400", [(1, 400)]),
    ("refused(['No file.'], 400)", [(1, 400)]),
    ("def f(status=503):\n    pass", [(1, 503)]),
])
def test_a_written_error_status_is_found(source, expected):
    assert written_statuses(source) == expected


@pytest.mark.parametrize("source", [
    "abort_as(RefusalKind.NOT_FOUND)",
    "def f():\n    return page, status_for(RefusalKind.INVALID if problems else None)",
    "def f():\n    return document, 201",
    "Response(status=304)",
    "MOST_NAMES = 500",
    "PAGE_LIMIT, LONGEST_PAGE = 100, 500",
    "margin_zero = 460",
])
def test_what_is_not_a_written_error_status(source):
    assert written_statuses(source) == []
