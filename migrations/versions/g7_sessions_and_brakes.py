"""sessions that end on the server, a brake on passwords, one setup account, table codes unique in a session

Revision ID: g7_sessions
Revises: d7_outcome
"""
import secrets

from alembic import op
import sqlalchemy as sa


revision = "g7_sessions"
down_revision = "d7_outcome"
branch_labels = None
depends_on = None


def distinct_codes() -> None:
    """Give a new code to every game whose code another game of its session already has."""
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, session_id, table_code FROM game WHERE session_id IS NOT NULL "
                                "ORDER BY session_id, id")).all()
    taken: dict[int, set[str]] = {}
    for game_id, session_id, code in rows:
        codes = taken.setdefault(session_id, set())
        while code in codes:
            code = f"{secrets.randbelow(10000):04d}"
            conn.execute(sa.text("UPDATE game SET table_code = :code WHERE id = :id"), {"code": code, "id": game_id})
        codes.add(code)


def upgrade():
    with op.batch_alter_table("organiser", schema=None) as batch_op:
        batch_op.add_column(sa.Column("session_generation", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("founder", sa.Boolean(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f("uq_organiser_founder"), ["founder"])
    op.create_table(
        "login_brake",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure_at", sa.DateTime(), nullable=False),
        sa.Column("next_try_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_login_brake")),
        sa.UniqueConstraint("key", name=op.f("uq_login_brake_key")),
    )
    distinct_codes()
    op.create_index("ux_game_session_id_table_code", "game", ["session_id", "table_code"], unique=True)


def downgrade():
    op.drop_index("ux_game_session_id_table_code", table_name="game")
    op.drop_table("login_brake")
    with op.batch_alter_table("organiser", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_organiser_founder"), type_="unique")
        batch_op.drop_column("founder")
        batch_op.drop_column("session_generation")
