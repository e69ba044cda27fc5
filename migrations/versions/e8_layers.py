"""drop game.ended_at: when a game was over is finished_at, how it ended is the engine's outcome

Revision ID: e8_layers
Revises: g7_sessions

`game.ended_at` was written by no code: the moment a game was over is `finished_at`, and how it ended
(format, time called, closing) is worked out by the engine from what is stored.
"""
from alembic import op
import sqlalchemy as sa


revision = "e8_layers"
down_revision = "g7_sessions"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("ended_at")


def downgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ended_at", sa.DateTime(), nullable=True))
