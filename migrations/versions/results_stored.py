"""results stored: each game keeps its result (each team's total, the hands played and the engine's outcome) with
the version it belongs to, for the records to read instead of replaying every hand

Revision ID: results_stored
Revises: compete_competitions

Every game already stored is replayed here by the engine from its hands, as the app replays it, and its result
written with its version as it stands (the version is not moved: nothing about the game changed). From now on
the game's one write path (app/store/game/games.py, commit) stores the result with every change. A result of
another version than the game's is never read (the game is replayed instead), so a row written some other way
stays right.
"""
import json

from alembic import op
import sqlalchemy as sa

from app.rules import TeamEntry, get_ruleset, replay
from app.rules.outcome import Format
from app.store.club.house_rules import _ruleset, as_key
from app.store.game.bulk import ENGINE_ORDER
from app.store.game.results import result_document

revision = "results_stored"
down_revision = "compete_competitions"
branch_labels = None
depends_on = None

GAME = sa.table("game", sa.column("id"), sa.column("version"), sa.column("ruleset_id"),
                sa.column("variations", sa.JSON), sa.column("target"), sa.column("closed"),
                sa.column("format_kind"), sa.column("format_hands"), sa.column("last_hand"),
                sa.column("house_rules_version_id"), sa.column("result", sa.JSON))
TEAM = sa.table("team", sa.column("game_id"), sa.column("position"), sa.column("name"))
HAND = sa.table("hand", sa.column("id"), sa.column("game_id"), sa.column("number"))
ENTRY = sa.table("hand_entry", sa.column("hand_id"), sa.column("team_position"), sa.column("sets", sa.JSON),
                 *[sa.column(name) for name in ENGINE_ORDER if name != "sets"])
VERSION = sa.table("house_rules_version", sa.column("id"), sa.column("name"), sa.column("base"),
                   sa.column("variations", sa.JSON), sa.column("changes", sa.JSON))
#: Games replayed and written at a time (their hands read in one statement).
BATCH = 200


def ruleset(game, versions: dict):
    """The game's rule set as the app plays it (app/store/club/house_rules.py, ruleset_of_version)."""
    if game.house_rules_version_id is None:
        return get_ruleset(game.ruleset_id, game.variations)
    version = versions[game.house_rules_version_id]
    return _ruleset(version.name, version.base, as_key(dict(game.variations or {})), as_key(version.changes))


def entries(bind, games: list, teams: dict) -> dict:
    """Every hand's entries of these games, hand by hand, as the engine takes them."""
    figures = [ENTRY.c[name] for name in ENGINE_ORDER if name != "sets"]
    rows = bind.execute(sa.select(HAND.c.game_id, HAND.c.number, ENTRY.c.sets, *figures)
                        .select_from(HAND.join(ENTRY, ENTRY.c.hand_id == HAND.c.id))
                        .where(HAND.c.game_id.in_([game.id for game in games]))
                        .order_by(HAND.c.game_id, HAND.c.number, ENTRY.c.team_position))
    hands: dict = {}
    for game_id, number, sets, *values in rows:
        names = teams[game_id]
        game_hands = hands.setdefault(game_id, {})
        hand = game_hands.setdefault(number, [])
        if isinstance(sets, str):
            sets = json.loads(sets)
        hand.append(TeamEntry(names[len(hand)] if len(hand) < len(names) else "", sets or {}, *values))
    return {game_id: [game_hands[n] for n in sorted(game_hands)] for game_id, game_hands in hands.items()}


def upgrade():
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("result", sa.JSON(), nullable=True))
    bind = op.get_bind()
    versions = {row.id: row for row in bind.execute(sa.select(VERSION))}
    games = list(bind.execute(sa.select(*[c for c in GAME.c if c.name != "result"]).order_by(GAME.c.id)))
    for start in range(0, len(games), BATCH):
        batch = games[start:start + BATCH]
        teams: dict = {}
        for game_id, _, name in bind.execute(sa.select(TEAM.c.game_id, TEAM.c.position, TEAM.c.name).where(
                TEAM.c.game_id.in_([game.id for game in batch])).order_by(TEAM.c.game_id, TEAM.c.position)):
            teams.setdefault(game_id, []).append(name)
        hands = entries(bind, batch, teams)
        written = []
        for game in batch:
            state = replay(ruleset(game, versions), hands.get(game.id, []), len(teams.get(game.id, [])),
                           game.target, game.closed, Format.of(game.format_kind, game.format_hands), game.last_hand)
            written.append({"game_id": game.id, "result": result_document(state, game.version)})
        if written:
            bind.execute(GAME.update().where(GAME.c.id == sa.bindparam("game_id"))
                         .values(result=sa.bindparam("result", type_=sa.JSON)), written)


def downgrade():
    with op.batch_alter_table("game") as batch:
        batch.drop_column("result")
