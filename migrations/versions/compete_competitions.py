"""competitions: each club's own competitions over its afternoons, the afternoons chosen for them and the handicaps
its organiser set

Revision ID: compete_competitions
Revises: privacy_results_due

Nothing is written into the new tables: a club starts with no competition (its ladder is there as before). On
PostgreSQL each new table gets the clubs' row-level security policy.
"""
from alembic import op
import sqlalchemy as sa

from app.store.base.ids import PublicIdType
from app.store.tenancy.row_security import guard_clubs, unguard_clubs

revision = "compete_competitions"
down_revision = "privacy_results_due"
branch_labels = None
depends_on = None

TABLES = ("competition", "competition_afternoon", "competition_handicap")


def club_column(table: str) -> list:
    """The club's column, its foreign key and index name of a club's table."""
    return [sa.Column("club_id", sa.Integer(), nullable=False),
            sa.ForeignKeyConstraint(["club_id"], ["club.id"], name=f"fk_{table}_club_id_club", ondelete="CASCADE")]


def upgrade():
    op.create_table(
        "competition",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=True),
        sa.Column("choices", sa.JSON(), nullable=False),
        sa.Column("archived_at", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        *club_column("competition"),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"], name="fk_competition_season_id_season",
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_competition"),
        sa.UniqueConstraint("club_id", "name", name="uq_competition_club_id_name"),
    )
    op.create_index("ix_competition_club_id", "competition", ["club_id"])
    op.create_index("ix_competition_season_id", "competition", ["season_id"])
    op.create_table(
        "competition_afternoon",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("session_id", PublicIdType, nullable=False),
        *club_column("competition_afternoon"),
        sa.ForeignKeyConstraint(["competition_id"], ["competition.id"],
                                name="fk_competition_afternoon_competition_id_competition", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["session_id"], ["club_session.id"],
                                name="fk_competition_afternoon_session_id_club_session", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_competition_afternoon"),
        sa.UniqueConstraint("competition_id", "session_id", name="uq_competition_afternoon_competition_id_session_id"),
    )
    for column in ("club_id", "competition_id", "session_id"):
        op.create_index(f"ix_competition_afternoon_{column}", "competition_afternoon", [column])
    op.create_table(
        "competition_handicap",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        *club_column("competition_handicap"),
        sa.ForeignKeyConstraint(["competition_id"], ["competition.id"],
                                name="fk_competition_handicap_competition_id_competition", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["member_id"], ["member.id"], name="fk_competition_handicap_member_id_member",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_competition_handicap"),
        sa.UniqueConstraint("competition_id", "member_id", name="uq_competition_handicap_competition_id_member_id"),
    )
    for column in ("club_id", "competition_id", "member_id"):
        op.create_index(f"ix_competition_handicap_{column}", "competition_handicap", [column])
    guard_clubs(op.get_bind(), list(TABLES))


def downgrade():
    unguard_clubs(op.get_bind(), list(TABLES))
    for table in reversed(TABLES):
        op.drop_table(table)
