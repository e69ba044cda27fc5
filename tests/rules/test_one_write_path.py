"""One write path per change: only the store (and the server, which forgets a failed request) adds, deletes,
executes, flushes, commits or rolls back; a feature calls the store's function of its change."""
import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"
#: Where the database's session may be written through.
WRITERS = ("store", "server")
#: The session's calls that write, or end or undo a transaction.
WRITES = {"add", "add_all", "delete", "merge", "execute", "flush", "commit", "rollback", "begin", "begin_nested"}


def is_db_session(node: ast.AST) -> bool:
    """`db.session` or `db.session()`: the app's database session."""
    if isinstance(node, ast.Call):
        node = node.func
    return (isinstance(node, ast.Attribute) and node.attr == "session"
            and isinstance(node.value, ast.Name) and node.value.id == "db")


def writes_in(source: str) -> list[tuple[int, str]]:
    """(line, call) of each write through the database's session in a module's source."""
    return [(node.lineno, f"db.session.{node.func.attr}") for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in WRITES and is_db_session(node.func.value)]


def feature_files() -> list[Path]:
    """Every module of the app outside the store and the server."""
    return [path for path in sorted(APP.rglob("*.py"))
            if path.relative_to(APP).parts[0] not in WRITERS]


def test_the_walk_reads_the_features():
    names = {path.relative_to(APP).parts[0] for path in feature_files()}
    assert {"club", "records", "members", "games", "api", "sheets", "web", "render"} <= names
    assert not names & set(WRITERS)


def test_no_feature_writes_the_database_itself():
    found = [(str(path.relative_to(APP.parent)), line, call) for path in feature_files()
             for line, call in writes_in(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_store_is_where_the_writes_are():
    written = {call for path in (APP / "store").rglob("*.py") for _, call in writes_in(path.read_text("utf-8"))}
    assert {"db.session.add", "db.session.commit", "db.session.delete", "db.session.flush",
            "db.session.rollback", "db.session.execute"} <= written


@pytest.mark.parametrize("source, expected", [
    ("db.session.add(member)\ndb.session.commit()", [(1, "db.session.add"), (2, "db.session.commit")]),
    ("def f():\n    try:\n        g()\n    except E:\n        db.session.rollback()", [(5, "db.session.rollback")]),
    ("rows = db.session.execute(select(Member.id))", [(1, "db.session.execute")]),
    ("db.session().flush()", [(1, "db.session.flush")]),
    ("db.session.delete(person)", [(1, "db.session.delete")]),
    ("member = db.session.get(Member, 1)\nnames = db.session.scalars(q)", []),
    ("nothing_saved()\nsession.add(x)", []),
])
def test_writes_are_read_as_the_calls_they_are(source, expected):
    assert writes_in(source) == expected
