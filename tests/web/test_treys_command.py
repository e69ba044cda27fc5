"""The `treys` command in this checkout: setup, migrate, backup and restore through the app's own commands, the
settings checked at start with a sentence, and the LAN address for tablets (the wheel runs it in test_wheel.py).

The command always works on a SQLite database in its own instance folder here, whatever DATABASE_URL says.
"""
import ipaddress
import json
import socket

import pytest
from click.testing import CliRunner

from app.server.command import treys
from app.web.network import LOOPBACK, lan_address, tablets_url


@pytest.fixture
def env(tmp_path, monkeypatch):
    """The command's environment: its own instance folder, no database URL, no settings from the test run."""
    for name in ("DATABASE_URL", "PUBLIC_URL", "TREYS_TIMEZONE", "SECRET_KEY", "TREYS_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TREYS_INSTANCE", str(tmp_path / "instance"))
    return {}


def invoke(*args, env=None, stdin=None):
    """Run `treys ARGS`; the click result."""
    return CliRunner().invoke(treys, list(args), env=env, input=stdin, catch_exceptions=False)


def test_setup_makes_the_first_organiser_once(env, tmp_path):
    made = invoke("setup", "Joan", env={"TREYS_PASSWORD": "bridge-and-tea"})
    assert made.exit_code == 0 and "Organiser Joan added." in made.output
    assert (tmp_path / "instance" / "treys.sqlite3").is_file()          # migrated first, in TREYS_INSTANCE
    again = invoke("setup", "Ann", env={"TREYS_PASSWORD": "bridge-and-tea"})
    assert again.exit_code == 1 and "Setup is done: an organiser account exists" in again.output


def test_setup_asks_for_the_name_and_the_password(env):
    made = invoke("setup", stdin="Margaret\nbridge-and-tea\nbridge-and-tea\n")
    assert made.exit_code == 0 and "Organiser Margaret added." in made.output


def test_backup_and_restore_round_trip(env, tmp_path, monkeypatch):
    assert invoke("setup", "Joan", env={"TREYS_PASSWORD": "bridge-and-tea"}).exit_code == 0
    file = tmp_path / "backup.json"
    made = invoke("backup", str(file))
    assert made.exit_code == 0 and "Backup written to" in made.output
    assert [o["name"] for o in json.loads(file.read_text(encoding="utf-8"))["organisers"]] == ["Joan"]
    asked = invoke("restore", str(file))              # asks first; no answer: nothing restored
    assert asked.exit_code == 1 and "Restore it? [y/N]" in asked.output and "Aborted" in asked.output
    monkeypatch.setenv("TREYS_INSTANCE", str(tmp_path / "new"))                # a new machine: nothing migrated
    restored = invoke("restore", "--yes", str(file))
    assert restored.exit_code == 0 and "Restored 0 games" in restored.output
    assert invoke("setup", "Ann", env={"TREYS_PASSWORD": "bridge-and-tea"}).exit_code == 1   # Joan came back


def test_migrate_says_the_database_is_up_to_date(env):
    result = invoke("migrate")
    assert result.exit_code == 0 and "The database is up to date." in result.output


@pytest.mark.parametrize("setting, value, words", [
    ("TREYS_TIMEZONE", "Europe/Atlantis", "not a time zone this machine knows"),
    ("PUBLIC_URL", "192.168.1.20:8015", "starting with http:// or https://"),
    ("SECRET_KEY", "short", "SECRET_KEY is shorter than 32 bytes"),
])
def test_a_setting_that_will_not_do_stops_with_a_sentence(env, setting, value, words):
    result = invoke("migrate", env={setting: value})
    assert result.exit_code == 1 and words in result.output and "Traceback" not in result.output


def test_help_lists_the_commands(env):
    result = invoke("--help")
    for command in ("serve", "setup", "migrate", "backup", "restore"):
        assert f"  {command}" in result.output
    assert "--app" not in result.output


def test_the_lan_address_is_this_machines_own():
    address = ipaddress.ip_address(lan_address())
    assert address.version == 4 and not address.is_unspecified
    assert tablets_url(8015) == f"http://{address}:8015" and tablets_url(80) == f"http://{address}"


def test_without_a_network_the_address_is_the_loopback(monkeypatch):
    def no_route(self, address):
        raise OSError("Network is unreachable")
    monkeypatch.setattr(socket.socket, "connect", no_route)
    assert lan_address() == LOOPBACK
