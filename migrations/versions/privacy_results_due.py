"""an afternoon keeps when its results fell due (the write that ended it marks it, the outbox takes it), and each
email where a mail program's "unsubscribe" stops the member's emails with one press

Revision ID: privacy_results_due
Revises: house_rules_versions

`results_due_at` is set by the store's write that ends an afternoon (its last hand, an agreement, time called,
a game ended), in that write's own transaction, and cleared when the results are in the outbox. Afternoons
already stored keep none: their results were emailed, or the organiser presses "Email the results".
`mail_job.unsubscribe_url` is the one-press stop of RFC 8058 (List-Unsubscribe); emails already queued keep ''
and go without the header.
"""
from alembic import op
import sqlalchemy as sa

revision = "privacy_results_due"
down_revision = "house_rules_versions"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_session") as batch:
        batch.add_column(sa.Column("results_due_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("mail_job") as batch:
        batch.add_column(sa.Column("unsubscribe_url", sa.String(length=400), nullable=False, server_default=""))


def downgrade():
    with op.batch_alter_table("mail_job") as batch:
        batch.drop_column("unsubscribe_url")
    with op.batch_alter_table("club_session") as batch:
        batch.drop_column("results_due_at")
