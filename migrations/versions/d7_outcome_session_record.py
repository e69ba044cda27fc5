"""the session's record of changes; time called before any hand no longer stored as hand 0

Revision ID: d7_outcome
Revises: b2_hardening

Before this revision, time called at a table with no hand was stored as `last_hand = 0` and meant
"ended with no result". The engine now reads time called as "the hand in play is the last" (hand 1 at a
table with none), so such games keep their result as games ended before any hand: closed "ended", which
the engine decides as no result.
"""
from alembic import op
import sqlalchemy as sa


revision = "d7_outcome"
down_revision = "b2_hardening"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "session_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("words", sa.String(length=400), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("actor_kind", sa.String(length=12), nullable=False),
        sa.Column("actor_id", sa.String(length=64), nullable=False),
        sa.Column("actor_label", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["club_session.id"], name=op.f("fk_session_event_session_id_club_session"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_session_event")),
    )
    with op.batch_alter_table("session_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_session_event_session_id"), ["session_id"], unique=False)
    op.execute("UPDATE game SET closed = 'ended', last_hand = NULL WHERE last_hand = 0 AND closed IS NULL")


def downgrade():
    op.execute("UPDATE game SET last_hand = 0, closed = NULL "
               "WHERE closed = 'ended' AND last_hand IS NULL AND session_id IS NOT NULL "
               "AND NOT EXISTS (SELECT 1 FROM hand WHERE hand.game_id = game.id)")
    with op.batch_alter_table("session_event", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_session_event_session_id"))
    op.drop_table("session_event")
