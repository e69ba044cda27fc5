"""sign-ins: each browser signed in to an account is a row, so signing out ends that browser alone

Revision ID: trust_sign_ins
Revises: j11_clubs

Every browser signed in before this migration signs in once more (its session cookie names no sign-in).
On PostgreSQL the table gets the club's row-level security policy of app/store/tenancy/row_security.py.
"""
from alembic import op
import sqlalchemy as sa

from app.store.tenancy.row_security import guard_clubs, unguard_clubs

revision = "trust_sign_ins"
down_revision = "j11_clubs"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "sign_in",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("organiser_id", sa.Integer(), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["organiser_id"], ["organiser.id"], name="fk_sign_in_organiser_id_organiser",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_sign_in_club_id_club", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_sign_in"),
        sa.UniqueConstraint("key_hash", name="uq_sign_in_key_hash"),
    )
    op.create_index("ix_sign_in_organiser_id", "sign_in", ["organiser_id"])
    op.create_index("ix_sign_in_club_id", "sign_in", ["club_id"])
    guard_clubs(op.get_bind(), ["sign_in"])


def downgrade():
    unguard_clubs(op.get_bind(), ["sign_in"])
    op.drop_index("ix_sign_in_club_id", table_name="sign_in")
    op.drop_index("ix_sign_in_organiser_id", table_name="sign_in")
    op.drop_table("sign_in")
