"""No import runs from a lower layer up: the engine imports nothing of the app, the store no feature and nothing
of the web kit or the server (no error page, no fault handler, no request); the web kit, the drawings and the API's
description no feature and nothing of the server. (No feature imports another: test_feature_rooms.py.)"""
import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"
#: The features: each a blueprint of pages or routes, standing on the floors below (test_feature_rooms.py).
FEATURES = ("app.games", "app.club", "app.records", "app.sheets", "app.api", "app.rulebook", "app.main", "app.guides",
            "app.members")
#: The floors every feature may use, above the store: the web kit, the drawings, the API's description.
KIT = ("web", "render", "openapi")


def imports_of(path: Path, root: Path = APP.parent) -> set[str]:
    """Every module a file imports, relative imports resolved within its package (`root`: above app/)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return found


def app_imports(folder: str) -> list[tuple[str, str]]:
    """(file, module) for every import of the app by a file of the folder."""
    return [(str(path.relative_to(APP.parent)), module) for path in sorted((APP / folder).rglob("*.py"))
            for module in imports_of(path) if module == "app" or module.startswith("app.")]


def under(module: str, prefixes) -> bool:
    return any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes)


def test_the_engine_imports_nothing_of_the_app_outside_the_engine():
    assert app_imports("rules")
    assert [(f, m) for f, m in app_imports("rules") if not under(m, ["app.rules"])] == []


#: What of Flask speaks of the request at hand: the web's edge reads it, the store never.
REQUEST = ("flask.request", "flask.g", "flask.session", "flask.abort", "flask_login.current_user")


def store_imports() -> list[tuple[str, str]]:
    """(file, module) for every import by a file of the store."""
    return [(str(path.relative_to(APP.parent)), module) for path in sorted((APP / "store").rglob("*.py"))
            for module in imports_of(path)]


def test_the_store_imports_no_feature_and_nothing_of_the_web():
    assert app_imports("store")
    assert [(f, m) for f, m in app_imports("store")
            if under(m, [*FEATURES, "app.web", "app.server", "app.render", "app.openapi"])] == []


@pytest.mark.parametrize("floor", KIT)
def test_the_kit_imports_no_feature_and_nothing_of_the_server(floor):
    assert app_imports(floor)
    assert [(f, m) for f, m in app_imports(floor) if under(m, [*FEATURES, "app.server"])] == []


def test_the_store_reads_no_request():
    assert any(module == "flask.current_app" for _, module in store_imports())    # the walk sees Flask's names
    assert [(f, m) for f, m in store_imports() if under(m, REQUEST)] == []


@pytest.mark.parametrize("source, expected", [
    ("from .entries import Problem", {"app.rules.entries", "app.rules.entries.Problem"}),
    ("from app.web.errors import status_of", {"app.web.errors", "app.web.errors.status_of"}),
    ("import app.games.views", {"app.games.views"}),
])
def test_imports_are_read_as_the_modules_they_name(tmp_path, source, expected):
    folder = tmp_path / "app" / "rules"
    folder.mkdir(parents=True)
    (folder / "probe.py").write_text(source)
    assert imports_of(folder / "probe.py", tmp_path) == expected


def module_names() -> dict[str, Path]:
    """Every module of the app by its dotted name (a package by its own name)."""
    names = {}
    for path in APP.rglob("*.py"):
        parts = path.relative_to(APP.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def test_no_two_modules_import_each_other():
    """No circle between two modules, at the top or inside a function (the piece both need lives where both
    import it at the top); a package and the modules its `__init__` gathers aside."""
    modules = module_names()
    imported = {name: {module for module in imports_of(path) if module in modules and module != name}
                for name, path in modules.items()}
    circles = sorted({tuple(sorted((a, b))) for a in imported for b in imported[a] if a in imported[b]
                      and not (a.startswith(b + ".") or b.startswith(a + "."))})
    assert circles == []
