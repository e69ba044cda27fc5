"""members follow their club: each club's settings (who reads its records, its members' link), members' email
addresses, and the outbox of the day's results emails

Revision ID: members_settings_contacts_outbox
Revises: api_client_tokens

Nothing is written into the new tables: a club without a settings row reads as "its accounts only", except the
first club of an install that had RECORDS_PUBLIC on, which reads as public until its owner chooses
(app/store/people/members.py). On PostgreSQL each new table gets the clubs' row-level security policy.
"""
from alembic import op
import sqlalchemy as sa

from app.store.base.ids import PublicIdType
from app.store.tenancy.row_security import guard_clubs, guard_host, unguard_clubs

revision = "members_settings_contacts_outbox"
down_revision = "api_client_tokens"
branch_labels = None
depends_on = None

TABLES = ("club_settings", "member_contact", "mail_job")


def upgrade():
    op.create_table(
        "club_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("visibility", sa.String(length=10), nullable=False),
        sa.Column("link", sa.String(length=64), nullable=True),
        sa.Column("email_when_done", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("email_form", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.Column("changed_by", sa.String(length=80), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_club_settings_club_id_club", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_club_settings"),
        sa.UniqueConstraint("club_id", name="uq_club_settings_club_id"),
        sa.UniqueConstraint("link", name="uq_club_settings_link"),
    )
    op.create_index("ix_club_settings_club_id", "club_settings", ["club_id"])
    op.create_table(
        "member_contact",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("stop_token", sa.String(length=64), nullable=False),
        sa.Column("added_at", sa.DateTime(), nullable=False),
        sa.Column("added_by", sa.String(length=80), nullable=False),
        sa.Column("stopped_at", sa.DateTime(), nullable=True),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_member_contact_club_id_club", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["member_id"], ["member.id"], name="fk_member_contact_member_id_member",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_member_contact"),
        sa.UniqueConstraint("member_id", name="uq_member_contact_member_id"),
        sa.UniqueConstraint("stop_token", name="uq_member_contact_stop_token"),
    )
    op.create_index("ix_member_contact_club_id", "member_contact", ["club_id"])
    op.create_table(
        "mail_job",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", PublicIdType, nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("text_body", sa.Text(), nullable=False),
        sa.Column("html_body", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("next_try_at", sa.DateTime(), nullable=False),
        sa.Column("claimed_at", sa.DateTime(), nullable=True),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.Column("last_error", sa.String(length=400), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("created_by", sa.String(length=80), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_mail_job_club_id_club", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["session_id"], ["club_session.id"], name="fk_mail_job_session_id_club_session",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["member_id"], ["member.id"], name="fk_mail_job_member_id_member",
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_mail_job"),
        sa.UniqueConstraint("session_id", "member_id", name="uq_mail_job_session_id_member_id"),
    )
    for column in ("club_id", "session_id", "member_id", "status"):
        op.create_index(f"ix_mail_job_{column}", "mail_job", [column])
    guard_clubs(op.get_bind(), list(TABLES))
    guard_host(op.get_bind())       # the host's look-ups learn the members' link and the stop token


def downgrade():
    unguard_clubs(op.get_bind(), list(TABLES))
    for table in reversed(TABLES):
        op.drop_table(table)
