"""clubs as tenants: a club table, every club's row marked with its club, account roles, one-time links

Revision ID: j11_clubs
Revises: i10_public_ids

The install's club becomes the first row of `club` (slug "club"), and every row there is marks it as its own
(`club_id`): games and their teams, players, hands, entries and record; accounts, the club's players,
sessions, who came, seasons, the sessions' record, calls, substitutes and the table-code brake. Accounts get a
role: those there before were the club's whole staff and become its owners. A player's and a season's name are
unique within a club now, not across the host. `invitation` keeps the one-time links an owner makes for new
accounts. On PostgreSQL each club's table gets the row-level security policy of app/store/tenancy/row_security.py.
"""
from alembic import op
import sqlalchemy as sa
from flask import current_app

from app.store.tenancy.row_security import guard_clubs, unguard_clubs

revision = "j11_clubs"
down_revision = "i10_public_ids"
branch_labels = None
depends_on = None

#: Every table a club owns, parents before children.
CLUB_TABLES = ("organiser", "member", "season", "club_session", "attendance", "session_event", "game", "team",
               "player", "hand", "hand_entry", "game_event", "table_call", "substitution", "code_brake")


def first_club_name() -> str:
    """The name the install went by (its CLUB_NAME setting), for the first club's row."""
    try:
        return current_app.config.get("CLUB_NAME") or "Treys card club"
    except RuntimeError:            # no app: alembic run on its own
        return "Treys card club"


def unique_name_constraint(table: str) -> str | None:
    """The name of the unique constraint on `table.name` (PostgreSQL named it itself when it was made)."""
    for constraint in sa.inspect(op.get_bind()).get_unique_constraints(table):
        if constraint["column_names"] == ["name"]:
            return constraint["name"]
    return None


def name_unique_within_club(table: str) -> None:
    """A player's or a season's name: unique within its club instead of across the host."""
    conventions = {"uq": "uq_%(table_name)s_%(column_0_N_name)s"}
    old = unique_name_constraint(table) or f"uq_{table}_name"
    with op.batch_alter_table(table, naming_convention=conventions) as batch_op:
        batch_op.drop_constraint(old, type_="unique")
        batch_op.create_unique_constraint(f"uq_{table}_club_id_name", ["club_id", "name"])


def upgrade():
    op.create_table(
        "club",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("slug", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_club"),
        sa.UniqueConstraint("slug", name="uq_club_slug"),
    )
    bind = op.get_bind()
    bind.execute(sa.text("INSERT INTO club (name, slug, created_at) VALUES (:name, 'club', CURRENT_TIMESTAMP)"),
                 {"name": first_club_name()[:80]})
    first = bind.execute(sa.text("SELECT min(id) FROM club")).scalar()
    for table in CLUB_TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
        bind.execute(sa.text(f"UPDATE {table} SET club_id = :club"), {"club": first})
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column("club_id", existing_type=sa.Integer(), nullable=False)
            batch_op.create_index(f"ix_{table}_club_id", ["club_id"])
            batch_op.create_foreign_key(f"fk_{table}_club_id_club", "club", ["club_id"], ["id"], ondelete="CASCADE")
    with op.batch_alter_table("organiser") as batch_op:
        batch_op.add_column(sa.Column("role", sa.String(length=12), nullable=False, server_default="organiser"))
    bind.execute(sa.text("UPDATE organiser SET role = 'owner'"))
    for table in ("member", "season"):
        name_unique_within_club(table)
    op.create_table(
        "invitation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("role", sa.String(length=12), nullable=False),
        sa.Column("made_by", sa.String(length=80), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], name="fk_invitation_club_id_club", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_invitation"),
        sa.UniqueConstraint("token_hash", name="uq_invitation_token_hash"),
    )
    op.create_index("ix_invitation_club_id", "invitation", ["club_id"])
    guard_clubs(bind, [*CLUB_TABLES, "invitation"])


def downgrade():
    bind = op.get_bind()
    if bind.execute(sa.text("SELECT count(*) FROM club")).scalar() > 1:
        raise RuntimeError("This database holds more than one club: a release before clubs cannot keep them "
                           "apart. Back up each club, remove all but one, then downgrade.")
    unguard_clubs(bind, [*CLUB_TABLES, "invitation"])
    op.drop_index("ix_invitation_club_id", table_name="invitation")
    op.drop_table("invitation")
    for table in ("member", "season"):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_constraint(f"uq_{table}_club_id_name", type_="unique")
            batch_op.create_unique_constraint(f"uq_{table}_name", ["name"])
    with op.batch_alter_table("organiser") as batch_op:
        batch_op.drop_column("role")
    for table in reversed(CLUB_TABLES):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_constraint(f"fk_{table}_club_id_club", type_="foreignkey")
            batch_op.drop_index(f"ix_{table}_club_id")
            batch_op.drop_column("club_id")
    op.drop_table("club")
