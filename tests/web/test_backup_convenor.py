"""The backup keeps the convenor's toolkit: a session's agreement option, calls to the organiser and record of
changes, each hand's agreement and each game's substitutes (format 3); a format 2 file restores them as the upgrade gives them."""
import json
from datetime import datetime, timezone
from pathlib import Path

from app.extensions import db
from app.store.club.models import ClubSession, SessionEvent, Substitution, TableCall
from app.store.game.models import Hand
from tests.conftest import dispose_app, make_app
from tests.web.club_support import PLAYERS, basic, enter_hand, login, open_session, organiser

BACKUPS = Path(__file__).resolve().parents[1] / "backups"


def convened(app) -> dict:
    """A session with agreement: a hand agreed, a call made and one cleared, a substitute; its document."""
    organiser(app)
    client = app.test_client()
    login(client)
    doc = open_session(client, PLAYERS[:8], agreement=True).get_json()
    table = doc["tables"][0]
    code = {"X-Table-Code": table["table_code"]}
    assert enter_hand(client, table).status_code == 201
    agreed = client.post(f"/api/v1/games/{table['game_id']}/hands/1/agreement",
                         json={"agreed": True, "player": table["teams"][1][0]}, headers=code)
    assert agreed.status_code == 200
    call = client.post(f"/api/v1/games/{table['game_id']}/call", json={"reason": "Rules"}, headers=code).get_json()
    client.post(f"/api/v1/sessions/{doc['id']}/calls/{call['call']['id']}/clear", headers=basic())
    second = doc["tables"][1]
    client.post(f"/api/v1/games/{second['game_id']}/call", headers={"X-Table-Code": second["table_code"]})
    assert client.post(f"/api/v1/sessions/{doc['id']}/substitutes", headers=basic(),
                       json={"leaving": table["teams"][0][0], "substitute": "Zoe"}).status_code == 200
    return doc


def stored():
    """What the convenor's rows hold, without their own ids."""
    calls = [(c.session_id, c.game_id, c.table_number, c.reason, c.called_at, c.called_by, c.cleared_at, c.cleared_by)
             for c in db.session.query(TableCall).order_by(TableCall.id)]
    subs = [(s.game_id, s.team_position, s.seat, s.from_hand, s.left_name, s.left_member_id, s.came_name,
             s.came_member_id, s.at, s.by) for s in db.session.query(Substitution).order_by(Substitution.id)]
    hands = [(h.game_id, h.number, h.agreed_by, h.agreed_at) for h in db.session.query(Hand).order_by(Hand.id)]
    sessions = [(s.id, s.agreement) for s in db.session.query(ClubSession).order_by(ClubSession.id)]
    lines = [(e.session_id, e.kind, e.words, e.at, e.actor_kind, e.actor_id, e.actor_label)
             for e in db.session.query(SessionEvent).order_by(SessionEvent.id)]
    return calls, subs, hands, sessions, lines


def test_agreements_calls_and_substitutes_survive_a_backup_and_restore(app, tmp_path):
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        convened(source)
        with source.app_context():
            before = stored()
        file = tmp_path / "club.json"
        assert source.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    finally:
        dispose_app(source)
    document = json.loads(file.read_text(encoding="utf-8"))
    assert document["version"] == 3 and document["sessions"][0]["agreement"] is True
    assert len(document["sessions"][0]["calls"]) == 2
    assert [s["came_name"] for g in document["games"] for s in g["substitutions"]] == ["Zoe"]
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code == 0, result.output
    with app.app_context():
        after = stored()
    assert after == before
    calls, subs, hands, sessions, lines = after
    assert len(calls) == 2 and len(subs) == 1 and sessions == [(document["sessions"][0]["id"], True)]
    assert [line[1] for line in lines] == ["round_drawn", "hand_agreed", "table_called", "call_cleared", "table_called",
                                           "player_substituted"]
    assert [h[2] for h in hands if h[2]] and any(c[6] is None for c in calls)
    client = app.test_client()
    login(client)
    board = client.get(f"/club/sessions/{document['sessions'][0]['id']}/board.json").get_json()
    assert [c["label"] for c in board["calls"]] == ["Table 2"]


def test_a_format_2_backup_restores_with_what_the_upgrade_gives(app):
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(BACKUPS / "format2.json")])
    assert result.exit_code == 0, result.output
    with app.app_context():
        calls, subs, hands, sessions, lines = stored()
    assert calls == [] and subs == [] and lines == [] and sessions and all(agreement is False for _, agreement in sessions)
    assert hands and all(h[2] is None and h[3] is None for h in hands)


def test_a_call_naming_a_game_the_file_does_not_hold_is_refused(app, tmp_path):
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        convened(source)
        file = tmp_path / "club.json"
        source.test_cli_runner().invoke(args=["backup", str(file)])
    finally:
        dispose_app(source)
    document = json.loads(file.read_text(encoding="utf-8"))
    document["sessions"][0]["calls"][0]["game_id"] = 999
    file.write_text(json.dumps(document), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["restore", "--yes", str(file)])
    assert result.exit_code != 0 and "has a call from game 999" in result.output


def test_a_restore_moves_every_session_s_version_on_past_any_its_polls_held(app, tmp_path):
    """A backup keeps no session's version: the restored session starts past every version its board and tablets
    can hold from before, so their next poll sees the change (a later restore starts later still)."""
    from datetime import timedelta

    from app.store.backup.restore import restored_version
    source = make_app(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        doc = convened(source)
        with source.app_context():
            before = {s.id: s.version for s in db.session.query(ClubSession)}
        file = tmp_path / "club.json"
        assert source.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    finally:
        dispose_app(source)
    assert before[doc["id"]] > 1                      # the afternoon's writes moved it on
    assert app.test_cli_runner().invoke(args=["restore", "--yes", str(file)]).exit_code == 0
    with app.app_context():
        after = {s.id: s.version for s in db.session.query(ClubSession)}
    assert after.keys() == before.keys() and all(after[key] > before[key] for key in before)
    client = app.test_client()
    login(client)
    tag = client.get(f"/club/sessions/{doc['id']}/board.json").headers["ETag"]
    assert tag.strip('"').split(".")[0].split("-")[0] == str(after[doc["id"]])
    now = datetime.now(timezone.utc)
    assert restored_version(now + timedelta(minutes=1)) > restored_version(now) > before[doc["id"]]
