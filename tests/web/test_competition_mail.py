"""The day's results email names the member's place in each running competition (and none of an archived one)."""
from app.store.club.competitions import archive_competition
from tests.web.club_support import basic
from tests.web.members_support import play_afternoon
from tests.web.smtp_support import html_of, text_of
from tests.web.test_members_mail import mailbox, mailing, send, smtp  # noqa: F401  (the fixtures)


def test_the_email_names_the_members_place_in_each_running_competition(app, mailing, mailbox):  # noqa: F811
    made = [mailing.post("/api/v1/competitions", json={"name": name}, headers=basic()).get_json()["id"]
            for name in ("Club ladder", "Old cup")]
    with app.app_context():
        archive_competition(made[1])
    play_afternoon(mailing)
    send(app)
    ladder = mailing.get(f"/api/v1/competitions/{made[0]}", headers=basic()).get_json()
    ann = next(row for row in ladder["rows"] if row["entrant"] == "Ann")
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(ann["place"], "th")
    message = mailbox.to("ann@example.org")[0]
    assert f"Club ladder: you are {ann['place']}{suffix}." in text_of(message)
    assert "Your place in the club's competitions" in html_of(message)
    assert "Old cup" not in text_of(message)
