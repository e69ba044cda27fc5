"""game events (the record of every change) and how the table closed a game

Revision ID: a1_game_events
Revises: e38d309694f4
Create Date: 2026-11-22 22:50:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'a1_game_events'
down_revision = 'e38d309694f4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('closed', sa.String(length=20), nullable=True))
    op.create_table('game_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=True),
    sa.Column('client_token', sa.String(length=64), nullable=True),
    sa.Column('before', sa.JSON(), nullable=True),
    sa.Column('after', sa.JSON(), nullable=True),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('actor_kind', sa.String(length=12), nullable=False),
    sa.Column('actor_id', sa.String(length=64), nullable=False),
    sa.Column('actor_label', sa.String(length=80), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_game_event_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_event')),
    sa.UniqueConstraint('game_id', 'seq', name=op.f('uq_game_event_game_id_seq'))
    )
    with op.batch_alter_table('game_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_event_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('game_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_event_game_id'))
    op.drop_table('game_event')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('closed')
