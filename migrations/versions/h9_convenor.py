"""the convenor's toolkit: a session's agreement option, a hand's agreement, calls to the organiser, substitutes

Revision ID: h9_convenor
Revises: e8_layers

`club_session.agreement` (a hand counts on the board once a player of another team agreed; off for every
session before), `hand.agreed_by` and `hand.agreed_at` (none yet), the `table_call` list (a table calling the
organiser, cleared from the board) and `substitution` (a player who left a game and who took the seat).
"""
from alembic import op
import sqlalchemy as sa


revision = "h9_convenor"
down_revision = "e8_layers"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("agreement", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.add_column(sa.Column("agreed_by", sa.String(length=60), nullable=True))
        batch_op.add_column(sa.Column("agreed_at", sa.DateTime(), nullable=True))
    op.create_table(
        "table_call",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("called_at", sa.DateTime(), nullable=False),
        sa.Column("called_by", sa.String(length=80), nullable=False),
        sa.Column("cleared_at", sa.DateTime(), nullable=True),
        sa.Column("cleared_by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["club_session.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_table_call_session_id", "table_call", ["session_id"])
    op.create_index("ix_table_call_game_id", "table_call", ["game_id"])
    op.create_table(
        "substitution",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("team_position", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("from_hand", sa.Integer(), nullable=False),
        sa.Column("left_name", sa.String(length=60), nullable=False),
        sa.Column("left_member_id", sa.Integer(), nullable=True),
        sa.Column("came_name", sa.String(length=60), nullable=False),
        sa.Column("came_member_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["left_member_id"], ["member.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["came_member_id"], ["member.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_substitution_game_id", "substitution", ["game_id"])
    op.create_index("ix_substitution_left_member_id", "substitution", ["left_member_id"])
    op.create_index("ix_substitution_came_member_id", "substitution", ["came_member_id"])


def downgrade():
    op.drop_index("ix_substitution_came_member_id", table_name="substitution")
    op.drop_index("ix_substitution_left_member_id", table_name="substitution")
    op.drop_index("ix_substitution_game_id", table_name="substitution")
    op.drop_table("substitution")
    op.drop_index("ix_table_call_game_id", table_name="table_call")
    op.drop_index("ix_table_call_session_id", table_name="table_call")
    op.drop_table("table_call")
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("agreed_at")
        batch_op.drop_column("agreed_by")
    with op.batch_alter_table("club_session", schema=None) as batch_op:
        batch_op.drop_column("agreement")
