"""The day's results by email, through a real SMTP server the suite starts: one email per member who played and
has an address, none to a stopped address, a refusal tried again and delivered once, the results page's words."""
import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from app.extensions import db
from app.members.sending import send_pending
from app.store.people import outbox
from app.store.people.models import MailJob, MailStatus, MemberContact
from app.store.game.models import utcnow
from tests.web.club_support import login, organiser
from tests.web.members_support import give_addresses, play_afternoon, ready_to_mail
from tests.web.smtp_support import Mailbox, html_of, serving, text_of

ADDRESSES = {"Ann": "ann@example.org", "Bob": "bob@example.org", "Cy": "cy@example.org",
             "Zoe": "zoe@example.org"}        # Zoe is on the list but does not play


@pytest.fixture
def mailbox():
    return Mailbox()


@pytest.fixture
def smtp(mailbox):
    yield from serving(mailbox)


@pytest.fixture
def mailing(app, client, smtp):
    return ready_to_mail(app, client, smtp.port, ADDRESSES)


def send(app, later_minutes: int = 0):
    with app.app_context():
        return send_pending(app.config, utcnow() + timedelta(minutes=later_minutes))


def jobs(app) -> list[MailJob]:
    with app.app_context():
        found = list(db.session.scalars(select(MailJob).order_by(MailJob.address)))
        db.session.expunge_all()
        return found


def test_each_member_who_played_and_gave_an_address_gets_one_email_when_the_last_game_ends(app, mailing, mailbox):
    doc = play_afternoon(mailing)           # the last hand's request queues the emails by itself
    assert [job.address for job in jobs(app)] == ["ann@example.org", "bob@example.org", "cy@example.org"]
    assert send(app) == {"sent": 3, "failed": 0}
    mailing.post(f"/club/sessions/{doc['id']}/email")            # pressed again: nobody gets it twice
    assert send(app) == {"sent": 0, "failed": 0}
    for name in ("Ann", "Bob", "Cy"):
        assert len(mailbox.to(ADDRESSES[name])) == 1
    assert mailbox.to("zoe@example.org") == []
    message = mailbox.to("ann@example.org")[0]
    assert message["From"] == "Treys card club <results@club.example>"
    assert "Dear Ann" in text_of(message) and "Dear Ann" in html_of(message)
    assert "<img" not in html_of(message) and "font-size:20px" in html_of(message)
    page = mailing.get(f"/club/sessions/{doc['id']}/emails").get_data(as_text=True)
    assert page.count("Sent ") == 3 and "ann@example.org" in page


def test_the_email_says_what_the_results_page_says(app, mailing, mailbox):
    doc = play_afternoon(mailing)
    send(app)
    results = mailing.get(f"/club/sessions/{doc['id']}/results").get_data(as_text=True)
    rows = re.findall(r"<td>(\d+)</td><th scope=\"row\">([^<]+)</th>\s*<td>(\d+)</td><td>([^<]+)</td><td>([^<]+)</td>",
                      results)
    assert len(rows) == 8
    text = text_of(mailbox.to("bob@example.org")[0])
    for place, player, played, won, margin in rows:
        assert f"{place}. {player}: played {played}, won {won}, margin {margin}" in text
    bob_table = next(t for t in doc["tables"] if any("Bob" in team for team in t["teams"]))
    bob_won = any("Bob" in team for team in bob_table["teams"][:1])
    assert ("you won by 200" if bob_won else "you lost by 200") in text


def test_an_address_that_stopped_the_emails_gets_none(app, mailing, mailbox):
    with app.app_context():
        token = db.session.scalar(select(MemberContact.stop_token).where(MemberContact.email == "bob@example.org"))
    member = app.test_client()                                   # no account: the link alone
    assert "Stop the emails" in member.get(f"/stop/{token}").get_data(as_text=True)
    assert "No more emails" in member.post(f"/stop/{token}").get_data(as_text=True)
    play_afternoon(mailing)
    send(app)
    assert mailbox.to("bob@example.org") == [] and len(mailbox.messages) == 2
    assert app.test_client().get("/stop/not-a-token").status_code == 404


def test_a_server_that_refuses_then_accepts_delivers_once(app, mailing, mailbox):
    mailbox.refuse_first = 1
    doc = play_afternoon(mailing)
    assert send(app) == {"sent": 2, "failed": 1}
    waiting = [job for job in jobs(app) if job.status == MailStatus.PENDING]
    assert len(waiting) == 1 and waiting[0].last_error.startswith("451 4.3.0 Mail server busy")
    page = mailing.get(f"/club/sessions/{doc['id']}/emails").get_data(as_text=True)
    assert waiting[0].address in page and "451 4.3.0 Mail server busy" in page
    assert send(app) == {"sent": 0, "failed": 0}                # its next try is a minute away
    assert send(app, later_minutes=2) == {"sent": 1, "failed": 0}
    assert send(app, later_minutes=10) == {"sent": 0, "failed": 0}
    for name in ("Ann", "Bob", "Cy"):
        assert len(mailbox.to(ADDRESSES[name])) == 1


def test_a_refusal_for_good_is_shown_with_the_servers_reason(app, mailing, mailbox):
    mailbox.refuse_for_good = ("cy@example.org",)
    doc = play_afternoon(mailing)
    assert send(app) == {"sent": 2, "failed": 1}
    failed = [job for job in jobs(app) if job.status == MailStatus.FAILED]
    assert [job.address for job in failed] == ["cy@example.org"] and failed[0].last_error.startswith("550")
    page = mailing.get(f"/club/sessions/{doc['id']}/emails").get_data(as_text=True)
    assert "cy@example.org" in page and "550 5.1.1 No such mailbox here" in page and "Send again" in page


def test_two_senders_never_send_one_email_twice(app, mailing):
    play_afternoon(mailing)
    with app.app_context():
        job_id = outbox.due_jobs()[0]
        assert outbox.claim(job_id) is not None
        assert outbox.claim(job_id) is None                      # the second sender finds it taken


def test_an_email_whose_sender_stopped_mid_way_is_not_sent_again_by_itself(app, mailing, mailbox):
    play_afternoon(mailing)
    with app.app_context():
        job_id = outbox.due_jobs()[0]
        assert outbox.claim(job_id) is not None                  # claimed, and its sender stopped there
        db.session.execute(update(MailJob).where(MailJob.id == job_id)
                           .values(claimed_at=utcnow() - timedelta(minutes=30)))
        db.session.commit()
    assert send(app) == {"sent": 2, "failed": 0}
    unsure = [job for job in jobs(app) if job.status == MailStatus.UNSURE]
    assert len(unsure) == 1 and len(mailbox.messages) == 2


def test_without_a_mail_server_the_button_says_what_is_missing(app, client):
    organiser(app)
    login(client)
    give_addresses(app, ADDRESSES)
    doc = play_afternoon(client)
    assert jobs(app) == []
    page = client.get(f"/club/sessions/{doc['id']}/emails").get_data(as_text=True)
    assert "TREYS_MAIL_HOST" in page and "TREYS_MAIL_FROM" in page and "Email the results</button>" not in page
    client.post(f"/club/sessions/{doc['id']}/email")
    assert jobs(app) == []


def test_the_email_links_the_members_page_and_its_stop_under_public_url(app, mailing, mailbox):
    app.config["PUBLIC_URL"] = "https://cards.ourclub.example"
    mailing.post("/club/settings", data={"visibility": "link", "email_when_done": "1"})
    play_afternoon(mailing)
    send(app)
    text = text_of(mailbox.to("ann@example.org")[0])
    with app.app_context():
        from app.store.people.models import ClubSettings
        link = db.session.scalar(select(ClubSettings.link))
        token = db.session.scalar(select(MemberContact.stop_token).where(MemberContact.email == "ann@example.org"))
    assert f"https://cards.ourclub.example/members/{link}" in text
    assert f"https://cards.ourclub.example/stop/{token}" in text


def test_a_club_that_sends_only_when_asked_gets_its_emails_from_the_button(app, mailing, mailbox):
    mailing.post("/club/settings", data={"visibility": "accounts"})        # "by themselves" unticked
    doc = play_afternoon(mailing)
    assert jobs(app) == []
    assert mailing.post(f"/club/sessions/{doc['id']}/email").status_code == 302
    result = app.test_cli_runner().invoke(args=["mail", "send"])
    assert result.exit_code == 0 and "3 sent, 0 not sent" in result.output
    assert len(mailbox.messages) == 3


def test_the_process_sender_sends_after_the_request(app, mailing, mailbox):
    app.config["MAIL_SEND_AT_ONCE"] = True          # the thread a server process runs (off elsewhere in tests)
    play_afternoon(mailing)
    for _ in range(200):                             # wait for the thread, at most 20 s
        if len(mailbox.messages) == 3:
            break
        __import__("time").sleep(0.1)
    assert sorted(m["To"] for m in mailbox.messages) == ["ann@example.org", "bob@example.org", "cy@example.org"]


def test_a_club_that_shows_the_form_guide_says_how_each_players_form_moved(app, mailing, mailbox):
    mailing.post("/club/settings", data={"visibility": "accounts", "email_when_done": "1", "email_form": "1"})
    play_afternoon(mailing)
    send(app)
    texts = {name: text_of(mailbox.to(ADDRESSES[name])[0]) for name in ("Ann", "Bob", "Cy")}
    with app.app_context():
        from app.store.club.form_guide import club_form_guide
        guide = club_form_guide()
        for name, text in texts.items():
            assert f"Your form went from 25.0 to {guide.of(name).points[-1].rating:.1f} today." in text
