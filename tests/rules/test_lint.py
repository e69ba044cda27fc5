"""The tree is clean under the linter (ruff, configured in pyproject.toml): app/, tests/, scripts/ and migrations/.

Ruff is one of the test tools (`pip install '.[test]'`); without it this test fails rather than skips, so that a
tree nobody linted never passes for a clean one."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINTED = ("app", "tests", "scripts", "migrations")


def ruff(*arguments: str) -> subprocess.CompletedProcess:
    """`python -m ruff ...` from the project's root (so that pyproject.toml's settings hold), its output as text."""
    return subprocess.run([sys.executable, "-m", "ruff", *arguments], cwd=ROOT, capture_output=True, text=True,
                          check=False)


def test_ruff_is_there_to_run():
    version = ruff("--version")
    assert version.returncode == 0, f"ruff is not installed (pip install '.[test]'): {version.stderr.strip()}"
    assert version.stdout.startswith("ruff ")


def test_the_tree_is_clean_under_ruff():
    found = ruff("check", "--no-cache", "--output-format", "concise", *LINTED)
    assert found.returncode == 0, found.stdout + found.stderr


def test_ruff_reads_the_projects_settings_and_finds_what_it_is_for(tmp_path):
    sloppy = tmp_path / "sloppy.py"
    sloppy.write_text("import sys\nimport os\n\nprint(os.sep)  \nx == None\n", encoding="utf-8")
    found = ruff("check", "--no-cache", "--output-format", "concise", "--config", str(ROOT / "pyproject.toml"),
                 str(sloppy))
    assert found.returncode == 1
    assert all(rule in found.stdout for rule in ("F401", "W291", "E711")), found.stdout
