"""house rules: each club's own numbers on a seed rule set, kept by version, and the version each game and session
was opened with

Revision ID: house_rules_versions
Revises: rooms_session_version

Nothing is written into the new tables: games and sessions already stored keep a house rules version of none (the
seed rule set as written). On PostgreSQL each new table gets the clubs' row-level security policy.
"""
from alembic import op
import sqlalchemy as sa

from app.store.tenancy.row_security import guard_clubs, unguard_clubs

revision = "house_rules_versions"
down_revision = "rooms_session_version"
branch_labels = None
depends_on = None

TABLES = ("house_rules", "house_rules_version")
USERS = ("game", "club_session")


def upgrade():
    op.create_table(
        "house_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_house_rules_club_id_club", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_house_rules"),
        sa.UniqueConstraint("club_id", "name", name="uq_house_rules_club_id_name"),
    )
    op.create_index("ix_house_rules_club_id", "house_rules", ["club_id"])
    op.create_table(
        "house_rules_version",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("house_rules_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("base", sa.String(length=40), nullable=False),
        sa.Column("variations", sa.JSON(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("created_by", sa.String(length=80), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_house_rules_version_club_id_club",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["house_rules_id"], ["house_rules.id"],
                                name="fk_house_rules_version_house_rules_id_house_rules", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_house_rules_version"),
        sa.UniqueConstraint("house_rules_id", "version", name="uq_house_rules_version_house_rules_id_version"),
    )
    op.create_index("ix_house_rules_version_club_id", "house_rules_version", ["club_id"])
    op.create_index("ix_house_rules_version_house_rules_id", "house_rules_version", ["house_rules_id"])
    for table in USERS:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("house_rules_version_id", sa.Integer(), nullable=True))
            batch.create_index(f"ix_{table}_house_rules_version_id", ["house_rules_version_id"])
            batch.create_foreign_key(f"fk_{table}_house_rules_version_id_house_rules_version", "house_rules_version",
                                     ["house_rules_version_id"], ["id"])
    guard_clubs(op.get_bind(), list(TABLES))


def downgrade():
    for table in USERS:
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"fk_{table}_house_rules_version_id_house_rules_version", type_="foreignkey")
            batch.drop_index(f"ix_{table}_house_rules_version_id")
            batch.drop_column("house_rules_version_id")
    unguard_clubs(op.get_bind(), list(TABLES))
    for table in reversed(TABLES):
        op.drop_table(table)
