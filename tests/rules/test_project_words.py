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
