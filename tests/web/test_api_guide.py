"""The API guide's examples hold: every curl example of docs/api.md is run, in order, against a fresh app (the
guide's ids, table codes and drawn names read as the ones this run made), and each answers the status, the codes,
the headers and the keys the guide shows; every code the guide names is one of the registry's."""
from __future__ import annotations

import json
import re
import shlex
from base64 import b64encode
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import time_machine

from app.rules.codes import Code
from tests.web.club_support import basic, organiser

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "api.md"
#: Where the guide's examples were run, as its commands name it.
SERVER = "$B"


@dataclass
class Example:
    """One curl command of the guide and what the guide shows it answers."""

    command: str
    shown: str

    @property
    def status(self) -> int:
        found = re.search(r"^(?:status|HTTP/1\.1) (\d{3})", self.shown, re.M)
        return int(found.group(1)) if found else 200

    @property
    def codes(self) -> list[str]:
        return re.findall(r'"code":\s*"([^"]+)"', self.shown)

    @property
    def headers(self) -> list[str]:
        return re.findall(r"^([A-Z][\w-]+): ", self.shown, re.M)

    @property
    def keys(self) -> set[str]:
        return set(re.findall(r'"(\w+)":', self.shown))


def examples() -> list[Example]:
    """Every `$ curl` of the guide's indented blocks, with the lines it shows after it."""
    found: list[Example] = []
    lines = GUIDE.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("    $ curl") or ">" in lines[i]:
            i += 1
            continue
        command = lines[i][6:]
        while command.count("'") % 2 or command.endswith("\\"):
            i += 1
            command = command.removesuffix("\\") + "\n" + lines[i]
        i += 1
        shown = []
        while i < len(lines) and lines[i].startswith("    ") and not lines[i].startswith("    $ "):
            shown.append(lines[i][4:])
            i += 1
        found.append(Example(command, "\n".join(shown)))
    return found


class Run:
    """The guide's run again on a test client: its ids, codes and names read as this run's."""

    def __init__(self, client):
        self.client = client
        self.same: dict[str, str] = {}
        guide = GUIDE.read_text(encoding="utf-8")
        self.variables = {name: value for name, value in re.findall(r"`([GS])=(\d+)`", guide)}

    def learn(self, example: Example, answer: str) -> None:
        """What the guide's values are in this run: ids, game ids and table codes in the order both show them,
        and the players by their seats."""
        for key in ("id", "game_id", "table_code"):
            guide = re.findall(rf'"{key}":\s*"?(\w+)"?', example.shown)
            mine = re.findall(rf'"{key}":\s*"?(\w+)"?', answer)
            self.same.update(dict(zip(guide, mine)))
        guide_seats = re.findall(r'"seats":\[([^\]]*)\]', example.shown)
        mine_seats = re.findall(r'"seats":\[([^\]]*)\]', answer)
        for guide_row, mine_row in zip(guide_seats, mine_seats):
            self.same.update(zip(json.loads(f"[{guide_row}]"), json.loads(f"[{mine_row}]")))
        for guide_out, mine_out in zip(re.findall(r'"sitting_out":\[([^\]]*)\]', example.shown),
                                       re.findall(r'"sitting_out":\[([^\]]*)\]', answer)):
            self.same.update(zip(json.loads(f"[{guide_out}]"), json.loads(f"[{mine_out}]")))
        tables = re.findall(r'"game_id":\s*(\d+)', answer)
        if '"seats"' in answer and len(tables) >= 2:
            self.variables |= {"T1": tables[0], "T2": tables[1]}

    def mine(self, text: str) -> str:
        """The guide's command with this run's values in place of its own, each replaced once."""
        for name, value in sorted(self.variables.items(), key=lambda item: -len(item[0])):
            text = text.replace(f"${name}", self.same.get(value, value))
        words = {word: self.same[word] for word in self.same if not word.isdigit()}
        if words:
            text = re.sub(r"\b(" + "|".join(map(re.escape, words)) + r")\b", lambda m: words[m.group(1)], text)
        text = re.sub(r"\b\d{4,}\b", lambda m: self.same.get(m.group(0), m.group(0)), text)   # table codes
        return re.sub(r"/calls/(\d+)/", lambda m: f"/calls/{self.same.get(m.group(1), m.group(1))}/", text)

    def player_id(self, guide_name: str) -> str:
        """This run's id of the player who sat where the guide's player of that name sat."""
        players = self.client.get("/api/v1/players", headers=basic()).get_json()["players"]
        return str(next(p["id"] for p in players if p["name"] == self.same.get(guide_name, guide_name)))

    def send(self, command: str, address: str = "127.0.0.1"):
        """A curl command sent to the test client."""
        words = shlex.split(command.replace("\n", " "))
        method, headers, data, url = None, {}, None, None
        arguments = iter(words[1:])
        for word in arguments:
            if word == "-X":
                method = next(arguments)
            elif word == "-H":
                name, value = next(arguments).split(": ", 1)
                headers[name] = value
            elif word == "-u":
                headers["Authorization"] = "Basic " + b64encode(next(arguments).encode()).decode()
            elif word == "-d":
                data = next(arguments)
            elif not word.startswith("-"):
                url = word.replace(SERVER, "/api/v1")
        method = method or ("POST" if data is not None else "GET")
        return self.client.open(url, method=method, headers=headers, data=data, environ_base={"REMOTE_ADDR": address})


def hands_before_time_is_called(run: Run) -> None:
    """What the guide's afternoon did between its commands: Table 1 entered two hands before time was called."""
    table, code = run.variables["T1"], run.same["5419"]
    for figures in ([{"went_out": True, "sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2,
                      "table_points": 400}, {"table_points": 150, "hand_points": 85}],
                    [{"table_points": 100}, {"table_points": 50}]):
        answer = run.client.post(f"/api/v1/games/{table}/hands", json={"teams": figures},
                                 headers={"X-Table-Code": code})
        assert answer.status_code == 201, answer.get_data(as_text=True)


def tables_finish_their_last_hand(run: Run) -> None:
    """What the guide's afternoon did before the players' form was read: each table entered the hand it owed."""
    for table, code in (("T1", "5419"), ("T2", "2519")):
        answer = run.client.post(f"/api/v1/games/{run.variables[table]}/hands",
                                 json={"teams": [{"table_points": 100}, {"table_points": 50}]},
                                 headers={"X-Table-Code": run.same[code]})
        assert answer.status_code == 201 and answer.get_json()["game"]["game_over"], answer.get_data(as_text=True)


#: The guide's afternoon ends at 16:00 on the club's clock: it is played in the morning, whenever the suite runs.
@time_machine.travel(datetime(2026, 11, 26, 10, 0), tick=True)
def test_every_curl_example_of_the_guide_answers_as_the_guide_shows(app, client):
    app.config["GAMES_PER_MINUTE"] = 10**6
    organiser(app)
    run, ran, finished = Run(client), 0, False
    for example in examples():
        command = run.mine(example.command)
        if "/call-time" in command and "-u" in command:
            hands_before_time_is_called(run)
        if command.endswith("$B/players") and not finished:
            tables_finish_their_last_hand(run)
            finished = True
        player = re.search(r"/players/(\d+)(?:$|/games)", command)
        if player:                                # the player the guide shows, at the seat the guide's sat in
            command = (command[:player.start(1)] + run.player_id(re.search(r'"name":"(\w+)"', example.shown).group(1))
                       + command[player.end(1):])
        address = "127.0.0.1"
        if "X-Table-Code: 0000" in command:      # the guide's five wrong codes first, from a tablet of its own
            address = "10.0.0.5"
            for _ in range(5):
                run.send(command, address)
        answer = run.send(command, address)
        text = answer.get_data(as_text=True)
        assert answer.status_code == example.status, (example.command, text[:2000])
        found = answer.get_json()
        assert [e["code"] for e in found.get("errors", [])] == example.codes, (example.command, text[:2000])
        assert all(name in answer.headers for name in example.headers), (example.command, answer.headers)
        missing = example.keys - set(re.findall(r'"(\w+)":', text))
        assert not missing, (example.command, missing)
        run.learn(example, text)
        ran += 1
    assert ran == len(examples()) >= 20


def test_every_code_the_guide_names_is_one_of_the_registry():
    guide = GUIDE.read_text(encoding="utf-8").split("## What changed for scripts written before")[0]   # not the old
    named = set(re.findall(r'"code":\s*"([^"]+)"', guide))
    named |= {word for word in re.findall(r"`([a-z_]+\.[a-z_]+)`", guide)
              if not word.startswith(("clock.", "format.", "api."))        # fields of an answer or a body
              and not word.endswith((".csv", ".pdf", ".json", ".md", ".py"))}       # files
    assert len(named) > 20
    assert named - set(Code) == set()
    assert "game.closed" in named and "game.unknown" in named
