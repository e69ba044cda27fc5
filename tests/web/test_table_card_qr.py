"""Table cards' QR codes, read back from the printed PDF with a real QR reader (zxing-cpp): they carry PUBLIC_URL
when it is set, else this machine's LAN address and the server's port, never the Host header of the organiser's
browser."""
import subprocess

import pytest
import zxingcpp
from PIL import Image

from app.config import ConfigError, public_url
from app.extensions import db
from app.web.network import lan_address
from app.store.game.models import Game
from tests.web.club_support import PLAYERS, login, organiser, session_ids

def card_codes(client, session_id: int, tmp_path, **request) -> list[str]:
    """The text of the QR code on each page of the session's table cards."""
    response = client.get(f"/club/sessions/{session_id}/cards.pdf", **request)
    assert response.status_code == 200
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(response.data)
    subprocess.run(["pdftoppm", "-png", "-r", "100", str(pdf), str(tmp_path / "card")], check=True)
    codes = []
    for page in sorted(tmp_path.glob("card-*.png")):
        found = [r.text for r in zxingcpp.read_barcodes(Image.open(page)) if r.format == zxingcpp.BarcodeFormat.QRCode]
        assert len(found) == 1, page
        codes.append(found[0])
    return codes


def drawn_session(app, client) -> tuple[int, list[Game]]:
    """A session of 8 players with its two tables drawn; its id and games by table."""
    organiser(app)
    login(client)
    client.post("/club/sessions/new", data={"played_on": "2026-11-22", "ruleset": "bolivia", "kind": "time",
                                            "partners": "random"})
    (sid,) = session_ids(app)
    client.post(f"/club/sessions/{sid}/players", data={"here": PLAYERS[:8], "ticklist": "1"})
    client.post(f"/club/sessions/{sid}/draw")
    with app.app_context():
        games = db.session.query(Game).filter_by(session_id=sid).order_by(Game.table_number).all()
        return sid, [(g.id, g.table_code) for g in games]


def test_cards_carry_public_url_when_set(app, client, tmp_path):
    app.config["PUBLIC_URL"] = "https://cards.example.org/club"
    sid, games = drawn_session(app, client)
    codes = card_codes(client, sid, tmp_path)
    assert codes == [f"https://cards.example.org/club/games/{gid}?code={code}" for gid, code in games]


def test_cards_carry_the_lan_address_and_port_without_public_url(app, client, tmp_path):
    app.config["PUBLIC_URL"] = None
    sid, games = drawn_session(app, client)
    # The organiser's browser asks for http://localhost/ (its Host header); the server listens on port 8015.
    codes = card_codes(client, sid, tmp_path, environ_overrides={"SERVER_PORT": "8015"})
    assert codes == [f"http://{lan_address()}:8015/games/{gid}?code={code}" for gid, code in games]
    assert not any("localhost" in code for code in codes)


def test_public_url_is_read_from_the_environment(monkeypatch, tmp_path):
    from tests.conftest import database_url, dispose_app, make_app
    monkeypatch.setenv("PUBLIC_URL", "http://192.168.1.20:8015/")
    application = make_app(database_url(tmp_path / "test.sqlite3"))
    assert application.config["PUBLIC_URL"] == "http://192.168.1.20:8015"
    dispose_app(application)


@pytest.mark.parametrize("given", ["192.168.1.20:8015", "ftp://club", "http://"])
def test_a_public_url_that_is_no_web_address_is_refused_with_a_sentence(given):
    with pytest.raises(ConfigError, match="starting with http:// or https://"):
        public_url(given)


def test_a_six_player_table_card_fits_one_page(app, client, tmp_path, output_dir):
    from io import BytesIO

    from pypdf import PdfReader
    organiser(app)
    login(client)
    client.post("/club/sessions/new", data={"played_on": "2026-11-22", "ruleset": "bolivia_plus", "kind": "time",
                                            "partners": "random"})
    names = ["Bernadette Wilson", "Margaret Robertson", "Kathleen O'Sullivan", "Geoffrey Whitfield",
             "Winifred Abernethy", "Reginald Fotheringham"]
    (sid,) = session_ids(app)
    client.post(f"/club/sessions/{sid}/players", data={"here": names, "ticklist": "1"})
    client.post(f"/club/sessions/{sid}/draw")
    with app.app_context():
        games = db.session.query(Game).filter_by(session_id=sid).all()
        assert [sum(map(len, g.team_players)) for g in games] == [6]
    response = client.get(f"/club/sessions/{sid}/cards.pdf")
    (output_dir / "table_card_6_players.pdf").write_bytes(response.data)
    subprocess.run(["pdftoppm", "-png", "-r", "50", str(output_dir / "table_card_6_players.pdf"),
                    str(output_dir / "table_card_6_players")], check=True)
    pages = PdfReader(BytesIO(response.data)).pages
    assert len(pages) == 1
    text = pages[0].extract_text()
    assert all(name in text for name in names) and games[0].table_code in text.replace(" ", "")
    assert len(card_codes(client, sid, tmp_path)) == 1          # the QR code on that one page still reads
