"""Importing the club's players from a CSV file: good files, and bad ones refused whole."""
from io import BytesIO

from sqlalchemy import select

from app.store.club.models import Member
from app.extensions import db
from app.records.importing import MAX_BYTES
from tests.web.club_support import login, organiser


def send(app, data: bytes):
    """Upload a file as the organiser; the records page shown after, and the club's names."""
    client = app.test_client()
    organiser(app)
    login(client)
    response = client.post("/records/players/import", data={"file": (BytesIO(data), "players.csv")},
                           content_type="multipart/form-data", follow_redirects=True)
    assert response.status_code == 200
    with app.app_context():
        names = list(db.session.scalars(select(Member.name).order_by(Member.name)))
    return response.get_data(as_text=True), names


def test_one_name_a_line(app):
    page, names = send(app, "Ann Smith\n  Bob   Jones \n\nZoë Ångström\n".encode("utf-8"))
    assert names == ["Ann Smith", "Bob Jones", "Zoë Ångström"]
    assert "3 players added" in page


def test_membership_export_with_first_name_and_surname_and_a_bom(app):
    data = "Member no,First name,Surname,Phone\n12,Ann,Smith,0400 000 000\n13,Bob,Jones,\n".encode("utf-8-sig")
    page, names = send(app, data)
    assert names == ["Ann Smith", "Bob Jones"]
    assert "0400" not in page


def test_name_column(app):
    _, names = send(app, b"Id,Name,Email\n1,Cy Young,cy@example.org\n")
    assert names == ["Cy Young"]


def test_empty_file_is_refused(app):
    page, names = send(app, b"\n  \n")
    assert names == [] and "This file has no names in it." in page


def test_duplicate_names_refuse_the_whole_file(app):
    page, names = send(app, b"Ann Smith\nBob Jones\nann  smith\n")
    assert names == []
    assert "Line 3: ann smith is in the file twice." in page


def test_a_10_mb_file_is_refused_unread(app):
    client = app.test_client()
    organiser(app)
    login(client)
    response = client.post("/records/players/import", data={"file": (BytesIO(b"Ann Smith\n" * 1_000_000), "p.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 413                     # over the app's body limit: never read
    assert "This request is too large (over 1 MB)" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(Member.name)) is None


def test_a_file_just_over_the_import_limit_is_refused(app):
    page, names = send(app, b"Ann Smith\n" * (MAX_BYTES // 10 + 1))
    assert names == []
    assert f"at most {MAX_BYTES // 1_000_000} MB" in page


def test_windows_encoding_is_read_with_a_notice(app):
    page, names = send(app, "Zoë Ångström\nRené Dupré\n".encode("cp1252"))
    assert names == ["René Dupré", "Zoë Ångström"]
    assert "read as Windows (cp1252) text" in page


def test_names_already_on_the_list_are_kept_once(app):
    with app.app_context():
        db.session.add(Member(name="Ann Smith"))
        db.session.commit()
    page, names = send(app, b"ann smith\nBob Jones\n")
    assert names == ["Ann Smith", "Bob Jones"]
    assert "1 names were already on the list." in page and "1 players added" in page


def test_no_file_chosen(app):
    client = app.test_client()
    organiser(app)
    login(client)
    page = client.post("/records/players/import", data={}, follow_redirects=True).get_data(as_text=True)
    assert "Choose a CSV file of players first." in page


def test_a_spreadsheet_workbook_is_refused_whole(app):
    workbook = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00" + b"Ann Smith\n\x00\x01" * 50
    page, names = send(app, workbook)
    assert names == []
    assert "This is not a CSV text file (it may be an Excel workbook)" in page and "CSV UTF-8" in page


def test_utf16_unicode_text_from_a_spreadsheet_is_read(app):
    page, names = send(app, "Name\r\nZoë Ångström\r\nRené Dupré\r\n".encode("utf-16"))
    assert names == ["René Dupré", "Zoë Ångström"]
