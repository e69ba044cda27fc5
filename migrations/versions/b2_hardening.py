"""code brake and games opened (stored brakes on guessing codes and opening games)

Revision ID: b2_hardening
Revises: f6_records
"""
from alembic import op
import sqlalchemy as sa


revision = "b2_hardening"
down_revision = "f6_records"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "code_brake",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure_at", sa.DateTime(), nullable=False),
        sa.Column("next_try_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_code_brake_game_id_game"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_code_brake")),
        sa.UniqueConstraint("game_id", "address", name=op.f("uq_code_brake_game_id_address")),
    )
    with op.batch_alter_table("code_brake", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_code_brake_game_id"), ["game_id"], unique=False)
    op.create_table(
        "game_opened",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_opened")),
    )
    with op.batch_alter_table("game_opened", schema=None) as batch_op:
        batch_op.create_index("ix_game_opened_address_opened_at", ["address", "opened_at"], unique=False)


def downgrade():
    with op.batch_alter_table("game_opened", schema=None) as batch_op:
        batch_op.drop_index("ix_game_opened_address_opened_at")
    op.drop_table("game_opened")
    with op.batch_alter_table("code_brake", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_code_brake_game_id"))
    op.drop_table("code_brake")
