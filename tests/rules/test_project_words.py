"""The project speaks in its own words: no file of it cites an issue number or a path of the planning folder
that a clone of the project does not have."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("app", "templates", "static", "tests", "docs", "scripts", "migrations")
FILES = ("README.md", "Makefile", "setup.py", "pyproject.toml")
LEFT_OUT = {"output", "__pycache__", "node_modules"}
#: An issue number or the planning folder's path; written in pieces, so that this file does not match itself.
CITATION = re.compile(r"\bissue #?[0-9]+|" + "shared" + "/", re.IGNORECASE)


def project_files() -> list[Path]:
    """Every text file of the project that travels with a clone (tests' pictures and caches left out)."""
    found = [ROOT / name for name in FILES]
    for folder in FOLDERS:
        found += [path for path in sorted((ROOT / folder).rglob("*"))
                  if path.is_file() and not LEFT_OUT & set(path.relative_to(ROOT).parts)]
    return found


def citations(path: Path) -> list[str]:
    """Each line of a text file that cites an issue or the planning folder."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return []                                   # a picture, a PDF, a font
    return [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
            if CITATION.search(line)]


def test_the_pattern_finds_what_it_is_for():
    issue = "issue"
    assert CITATION.search(f"see {issue} 7") and CITATION.search(f"({issue.title()} #12)")
    assert CITATION.search("shared" + "/spec")
    assert not CITATION.search("the issues of a game") and not CITATION.search("shared by two tables")


def test_no_file_of_the_project_cites_an_issue_or_the_planning_folder():
    files = project_files()
    assert len(files) > 200 and ROOT / "README.md" in files
    assert [line for path in files for line in citations(path)] == []


#: A path of the project's own code named in its text: 'app/store/game/hands.py', 'scripts/benchkit.py'.
NAMED_PATH = re.compile(r"\b((?:app|scripts|tests|migrations)/[\w/]+\.py)\b")
#: A dotted module of the app inside one of its packages, 'app.store.game.hands' (a name may follow it), or a module
#: of the app's top that is gone (its services module).
PACKAGES = sorted(path.name for path in (ROOT / "app").iterdir() if (path / "__init__.py").is_file())
NAMED_MODULE = re.compile(r"\b(app\.(?:(?:" + "|".join(PACKAGES) + r")(?:\.[a-z_][a-z0-9_]*)+|" + "serv" + r"ices\b))")


#: The migration tests, which import the modules of the releases they upgrade from.
OLD_CODE = ROOT / "tests" / "migrations"


def module_exists(dotted: str) -> bool:
    """True when 'app.store.game.hands.add_hand' names modules that exist, down to a module (what follows it is a name
    in it) or to a name a package's __init__ gives ('app.rules.get_ruleset')."""
    parts = dotted.split(".")
    here = ROOT / parts[0]
    for part in parts[1:]:
        if (here / part / "__init__.py").is_file():
            here = here / part
        elif (here / f"{part}.py").is_file():
            return True
        else:
            return re.search(rf"\b{part}\b", (here / "__init__.py").read_text(encoding="utf-8")) is not None
    return True


def test_the_module_patterns_find_what_they_are_for():
    gone = "app." + "serv" + "ices"
    assert NAMED_MODULE.findall(f"made through {gone}.create_game") == [gone]
    assert NAMED_MODULE.findall("app.store.game.hands.add_hand and app.app_context()") == ["app.store.game.hands.add_hand"]
    assert module_exists("app.store.game.hands.add_hand") and module_exists("app.rules.get_ruleset")
    assert not module_exists("app." + "store.form_chart") and not module_exists("app." + "store.nowhere.thing")
    gone_script = "scripts/" + "bench_" + "sheet.py"
    assert NAMED_PATH.findall(f"see {gone_script}") == [gone_script] and not (ROOT / gone_script).is_file()


def test_every_module_the_project_names_exists():
    """A docstring, comment or page naming a module that was moved or never made (a services module, a bench
    script that is gone) sends a newcomer looking for nothing. The migration tests run old releases' code and
    name its modules on purpose, so they are left out."""
    missing = []
    for path in project_files():
        if path.suffix not in (".py", ".md", ".html", ".js", ".css", ".txt", "") or path.is_relative_to(OLD_CODE):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            missing += [f"{path.relative_to(ROOT)}:{n}: {name}" for name in NAMED_PATH.findall(line)
                        if not (ROOT / name).is_file()]
            missing += [f"{path.relative_to(ROOT)}:{n}: {name}" for name in NAMED_MODULE.findall(line)
                        if not module_exists(name)]
    assert not missing, "\n".join(missing)
