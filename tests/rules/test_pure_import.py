"""The engine is pure: importing app.rules pulls in no web framework, database layer or PDF maker."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("flask", "sqlalchemy", "flask_sqlalchemy", "weasyprint", "werkzeug", "jinja2")


def test_importing_the_engine_in_a_fresh_interpreter_loads_nothing_heavy():
    probe = ("import sys, app.rules, app.rules.operations, app.rules.refusal; "
             f"print(','.join(m for m in {HEAVY!r} if m in sys.modules) or 'clean')")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "clean", result.stdout + result.stderr


def test_the_app_factory_still_builds_the_app_on_demand():
    probe = "import app, sys; a = app.create_app({'TESTING': True}); print(type(a).__name__, 'flask' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["Flask", "True"]
