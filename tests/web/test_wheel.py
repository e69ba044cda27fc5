"""The wheel is whole: built from the sources, installed in a fresh venv and run as `treys` from an empty folder,
it migrates its database and serves every kind of page (templates, static files, PDFs) from the package alone.

It needs pip to reach the package index (or its cache) for the build tools and the app's dependencies; it takes
about half a minute on its own (the build, then the install by the suite's pip). The database is SQLite in the
instance folder the test gives (TREYS_INSTANCE).
"""
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What a wheel is built from (the tests, the venv and the instance folder stay behind).
SOURCES = ["pyproject.toml", "setup.py", "README.md", "app", "templates", "static", "migrations", "docs"]
#: One of each kind of page: home, a rules page, the setup page, the help (rendered from docs/), a static file, a pad PDF.
PAGES = {"/": "text/html", "/rules/bolivia": "text/html", "/setup": "text/html", "/help": "text/html",
         "/help/organiser": "text/html", "/help/player": "text/html", "/help/api": "text/html",
         "/static/js/app.js": "text/javascript", "/static/help/board.png": "image/png",
         "/rulesets/bolivia/pad.pdf": "application/pdf"}
#: How long the server may take to start listening (it migrates first).
START_SECONDS = 120

pytestmark = [pytest.mark.wheel, pytest.mark.xdist_group("test_wheel")]  # its module's fixture made once


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    """Run a command; its output in the failure message when it fails."""
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}\n{result.stderr}"
    return result


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def scripts(venv: Path) -> Path:
    """The venv's folder of commands (bin, or Scripts on Windows)."""
    return venv / ("Scripts" if os.name == "nt" else "bin")


def wait_for(port: int, server: subprocess.Popen) -> None:
    """Until the server listens on the port (it stops the test if the server exits first)."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        assert server.poll() is None, f"treys serve stopped:\n{server.communicate()[0]}"
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise AssertionError(f"treys serve did not listen on port {port}")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv with the wheel built from these sources installed; the venv's folder."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", work / "dist", source)
    wheel, = (work / "dist").glob("treys-*.whl")
    venv = work / "venv"
    # a venv of its own, installed into by this pip (`pip --python`): the venv's own copy of pip would cost 6 s to
    # put in and is an older pip, 5 s slower to install the same packages; what lands in the venv is the same
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    run(sys.executable, "-m", "pip", "--python", scripts(venv) / "python", "install", wheel)
    return venv


def environment(instance: Path) -> dict:
    """The server's environment: its own instance folder, the clock on UTC, nothing of the test's database."""
    env = {key: value for key, value in os.environ.items()
           if key not in {"DATABASE_URL", "PYTHONPATH", "PUBLIC_URL", "TREYS_TIMEZONE", "SECRET_KEY"}}
    env.update(TREYS_INSTANCE=str(instance), TZ="UTC")
    return env


def test_the_installed_wheel_migrates_and_serves_every_kind_of_page(installed, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    instance = tmp_path / "instance"
    env = environment(instance)
    treys = scripts(installed) / "treys"
    migrated = run(treys, "migrate", cwd=empty, env=env)
    assert "The database is up to date." in migrated.stdout
    assert (instance / "treys.sqlite3").is_file() and (instance / "secret_key").is_file()
    port = free_port()
    server = subprocess.Popen([str(treys), "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "2"],
                              cwd=empty, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(port, server)
        for path, kind in PAGES.items():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as response:
                body = response.read()
                assert response.status == 200 and response.headers["Content-Type"].startswith(kind), path
            if path.startswith("/static/"):     # the file the wheel carries (tests may redraw the checkout's help pictures meanwhile)
                packaged = list(installed.glob(f"lib/python*/site-packages/app/_data/{path.lstrip('/')}"))
                assert len(packaged) == 1 and body == packaged[0].read_bytes(), path
            if kind == "application/pdf":
                assert body.startswith(b"%PDF")
            if path.startswith("/help/") and path != "/help/api":
                assert b"guide</h1>" in body, path
    finally:
        server.terminate()
        output = server.communicate(timeout=60)[0]
    assert "Tablets: http://" in output and f":{port}" in output
    assert list(empty.iterdir()) == []                       # nothing written where it was started
    site = installed / "Lib" / "site-packages" if os.name == "nt" else next(installed.glob("lib/python*/site-packages"))
    assert (site / "app" / "_data" / "templates" / "error.html").is_file()
    assert (site / "app" / "_data" / "docs" / "players-guide.md").is_file()
    assert not (site / "templates").exists() and not (site / "migrations").exists()
