"""a game or a session opened through the API keeps its client_token and what the request asked for

Revision ID: api_client_tokens
Revises: faults_backup_made

`client_token` is the text a script makes up for one request: the same token sent again answers the game or
session it opened instead of opening a second one; `request_digest` (a SHA-256 of the request) tells a resent
request from a different one that reuses the token.
"""
from alembic import op
import sqlalchemy as sa

revision = "api_client_tokens"
down_revision = "faults_backup_made"
branch_labels = None
depends_on = None

TABLES = ("game", "club_session")


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("client_token", sa.String(64), nullable=True))
            batch.add_column(sa.Column("request_digest", sa.String(64), nullable=True))
            batch.create_index(f"ix_{table}_client_token", ["client_token"])


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_index(f"ix_{table}_client_token")
            batch.drop_column("request_digest")
            batch.drop_column("client_token")
