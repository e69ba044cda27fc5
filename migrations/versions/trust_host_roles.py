"""the host's own wall: look-up functions, the brakes kept from the club role, the club table's policy

Revision ID: trust_host_roles
Revises: trust_sign_ins

On PostgreSQL: the role `treys_host` (made once per server, unless the hosting guide's setup made it), the
two look-up functions a login role that owns nothing needs before a request's club is known (they run as the
tables' owner and answer one club id or one account), `login_brake` and `game_opened` granted to `treys_host`
and taken from `treys_club`, and a policy on `club` showing the club role its own row only. Nothing on SQLite.
"""
from alembic import op

from app.store.tenancy.row_security import guard_host, unguard_host

revision = "trust_host_roles"
down_revision = "trust_sign_ins"
branch_labels = None
depends_on = None


def upgrade():
    guard_host(op.get_bind())


def downgrade():
    unguard_host(op.get_bind())
