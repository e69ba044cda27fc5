"""a session keeps a version that its writes move on, as a game does: its board's stamp

Revision ID: rooms_session_version
Revises: members_settings_contacts_outbox

`version` starts at 1 and moves on with every write of what the session's board shows (its record and its
games' writes, app/store/stamps.py): the board's poll compares that one number instead of a hash of the
session's row and its round.
"""
from alembic import op
import sqlalchemy as sa

revision = "rooms_session_version"
down_revision = "members_settings_contacts_outbox"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_session") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="1"))


def downgrade():
    with op.batch_alter_table("club_session") as batch:
        batch.drop_column("version")
