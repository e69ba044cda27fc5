"""Restoring a backup in Chromium: the records page's upload, the confirmation and the result, in light and
dark, on a laptop and a phone (screenshots in tests/output/), and axe-core finds nothing on them."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.conftest import dispose_app, make_app
from tests.web.club_support import organiser
from tests.web.test_browser_hand_form import AXE, axe

pytestmark = pytest.mark.browser
BACKUP = Path(__file__).resolve().parents[1] / "backups" / "format2.json"
SIZES = {"1024x768": {"width": 1024, "height": 768}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture
def new_install(tmp_path):
    """A fresh install with its first account, served on its own (the shared live server holds games)."""
    app = make_app(f"sqlite:///{tmp_path / 'new.sqlite3'}", WTF_CSRF_ENABLED=True)
    organiser(app, "Joan", "joans-own-password")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)
    dispose_app(app)


def log_in(page, base: str) -> None:
    """Log in as the install's first account."""
    page.goto(f"{base}/login")
    page.get_by_label("Name").fill("Joan")
    page.get_by_label("Password").fill("joans-own-password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_restore_from_the_records_page(new_install, browser, output_dir, size, scheme):
    context = browser.new_context(color_scheme=scheme, viewport=SIZES[size])
    page = context.new_page()
    source = AXE.read_text(encoding="utf-8") if AXE.exists() else None
    log_in(page, new_install)
    page.goto(f"{new_install}/records/#restore")
    page.locator("#restore").scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / f"restore-upload-{size}-{scheme}.png"))
    page.set_input_files("input[name=backup]", str(BACKUP))
    page.get_by_role("button", name="Check the backup").click()
    page.wait_for_load_state()
    counts = page.locator(".restore-counts").inner_text()
    assert "Games\t18" in counts and "Hands\t65" in counts and "Sessions\t3" in counts
    assert "stay as they are, with their passwords: Joan." in page.inner_text("main")
    page.screenshot(path=str(output_dir / f"restore-confirm-{size}-{scheme}.png"), full_page=True)
    found = axe(page, source) if source else []
    page.get_by_role("button", name="Restore this backup").click()
    page.wait_for_load_state()
    assert "The backup is restored: 18 games with 65 hands, 9 players on the club's list, 3 sessions and 1 season." in page.inner_text("main")
    page.screenshot(path=str(output_dir / f"restore-done-{size}-{scheme}.png"), full_page=True)
    if source:
        found += axe(page, source)
    context.close()
    assert found == []


def test_a_damaged_file_says_why_in_the_browser(new_install, browser, output_dir, tmp_path):
    damaged = tmp_path / "damaged.json"
    text = BACKUP.read_text(encoding="utf-8")            # an attendee pointing at a player not in the file
    damaged.write_text(text.replace('"member_id": 3', '"member_id": 999', 1), encoding="utf-8")
    context = browser.new_context(viewport=SIZES["390x844"])
    page = context.new_page()
    log_in(page, new_install)
    page.goto(f"{new_install}/records/")
    page.set_input_files("input[name=backup]", str(damaged))
    page.get_by_role("button", name="Check the backup").click()
    page.wait_for_load_state()
    main = page.inner_text("main")
    assert "Nothing was restored and nothing was changed." in main
    assert "but the backup has no such player" in main
    page.screenshot(path=str(output_dir / "restore-refused-390x844.png"), full_page=True)
    context.close()
