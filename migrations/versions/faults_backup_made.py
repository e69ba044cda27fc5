"""each club's last backup kept in the database (not one file for the whole install)

Revision ID: faults_backup_made
Revises: trust_host_roles

`backup_made` holds one row a club: when its last backup was downloaded. The time an install kept in
instance/last_backup.txt (before clubs could share one Treys) becomes the first club's row.
"""
from pathlib import Path

from alembic import op
import sqlalchemy as sa
from flask import current_app

from app.store.tenancy.row_security import guard_clubs, unguard_clubs

revision = "faults_backup_made"
down_revision = "trust_host_roles"
branch_labels = None
depends_on = None


def kept_time() -> str | None:
    """The time the install's file said, if there is one."""
    try:
        path = Path(current_app.instance_path) / "last_backup.txt"
    except RuntimeError:            # no app: alembic run on its own
        return None
    text = path.read_text(encoding="utf-8").strip()[:40] if path.is_file() else ""
    return text or None


def upgrade():
    op.create_table(
        "backup_made",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("made_at", sa.String(length=40), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_backup_made_club_id_club", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_backup_made"),
        sa.UniqueConstraint("club_id", name="uq_backup_made_club_id"),
    )
    op.create_index("ix_backup_made_club_id", "backup_made", ["club_id"])
    bind = op.get_bind()
    made_at = kept_time()
    if made_at is not None:
        bind.execute(sa.text("INSERT INTO backup_made (made_at, club_id) SELECT :made_at, min(id) FROM club"),
                     {"made_at": made_at})
    guard_clubs(bind, ["backup_made"])


def downgrade():
    unguard_clubs(op.get_bind(), ["backup_made"])
    op.drop_index("ix_backup_made_club_id", table_name="backup_made")
    op.drop_table("backup_made")
